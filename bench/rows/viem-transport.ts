/**
 * viem transport: a viem public client on `chainkitTransport` (chainkit's credentials, retries,
 * batching and validation) next to the same client on viem's own `http` transport, both over the same
 * in-memory fetch, so the figures are the transports' CPU. viem formats the answers the same way on
 * both sides; chainkit also validates them against its EVM spec (or not, with `validateResponse: false`).
 */

import { chainkitTransport } from "chainkit/viem";
import { createPublicClient, http, type PublicClient } from "viem";
import { type BenchContext, check, planFor } from "../lib/context.js";
import { block58 } from "../lib/fixtures.js";
import { interleaved, type Plan } from "../lib/measure.js";
import { type MemoryFetch, rpcMemoryFetch } from "../lib/memory-fetch.js";
import { type Figure, type RowResult, type Table, timed } from "../lib/report.js";

const URL = "https://node.bench.example";
const TOKEN = "bench-token-viem";
const HASH = block58.hash as `0x${string}`;
const ADDRESS = "0x4838b106fce9647bdf1e7877bf73ce8b0bad5f97";

function clients(fetchFn: MemoryFetch): [string, PublicClient][] {
  const chainkit = (validateResponse: boolean) =>
    createPublicClient({
      transport: chainkitTransport({
        url: URL,
        credentials: { token: TOKEN },
        fetch: fetchFn,
        validateResponse,
      }),
    }) as PublicClient;
  return [
    [
      "viem createPublicClient + http",
      createPublicClient({ transport: http(`${URL}/${TOKEN}/evm`, { fetchFn }) }),
    ],
    ["viem + chainkitTransport, validation off", chainkit(false)],
    ["viem + chainkitTransport, validation on", chainkit(true)],
  ];
}

async function table(
  title: string,
  fetchFn: MemoryFetch,
  call: (client: PublicClient) => Promise<unknown>,
  expect: (answer: unknown) => boolean,
  plan: Plan,
): Promise<Table> {
  const contenders = clients(fetchFn);
  for (const [name, client] of contenders) check(expect(await call(client)), `${name} answers ${title}`);
  const samples = await interleaved(
    contenders.map(([name, client]) => ({
      name,
      run: async (ops: number) => {
        for (let i = 0; i < ops; i++) await call(client);
      },
    })),
    plan,
  );
  const figures: Figure[] = samples.map((sample) => timed(sample.name, sample, "µs", "/call"));
  const base = figures[0] as Figure;
  for (const figure of figures) figure.ratio = figure.value / base.value;
  return {
    title: `${title} (N=${plan.ops} sequential calls, ${plan.rounds} rounds)`,
    ratioLabel: "÷ viem http",
    figures,
    notes: [],
  };
}

/**
 * Measures the viem-transport row.
 *
 * @param context - Quick mode.
 */
export async function viemTransport(context: BenchContext): Promise<RowResult> {
  const tables = [
    await table(
      "getBlock with 58 transactions, in-memory fetch",
      rpcMemoryFetch(JSON.stringify(block58)),
      (client) => client.getBlock({ blockHash: HASH, includeTransactions: true }),
      (block) => (block as { transactions: unknown[] }).transactions.length === 58,
      planFor(context, { warmups: 2, rounds: 7, ops: 200 }, 20),
    ),
    await table(
      "getBalance, in-memory fetch",
      rpcMemoryFetch('"0x1bc16d674ec80000"'),
      (client) => client.getBalance({ address: ADDRESS }),
      (balance) => balance === 2_000_000_000_000_000_000n,
      planFor(context, { warmups: 2, rounds: 7, ops: 2000 }, 100),
    ),
  ];
  (tables[1] as Table).notes?.push(
    "in-memory fetch: both transports get the same function answering new Response(bytes), so the figures are client CPU",
    "chainkitTransport turns viem's retries off and batches the calls of one tick (a lone call goes out on a microtask)",
  );
  return { id: "viem-transport", title: "viem transport", tables };
}
