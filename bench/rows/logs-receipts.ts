/**
 * Row 8, logs and receipts: `eth_getLogs` answering 1,000 logs and `eth_getBlockReceipts` answering a
 * 200-transaction block, through chainkit/evm (validation off and on), raw fetch + JSON.parse, viem's
 * `request` and viem's own actions (`getLogs`, `getBlockReceipts`, which format every field). All get
 * the same in-memory fetch, so the figures are the clients' CPU. The answers are built from the
 * execution-apis recorded logs and receipts, each copy given its own hashes and positions.
 */
import { readFileSync } from "node:fs";
import { createEvmClient } from "chainkit/evm";
import { createPublicClient, http } from "viem";
import { type BenchContext, check, planFor } from "../lib/context.js";
import { interleaved, type Variant } from "../lib/measure.js";
import { type MemoryFetch, rpcMemoryFetch } from "../lib/memory-fetch.js";
import { type Figure, type RowResult, type Table, timed, withRawGoal } from "../lib/report.js";

type Json = Record<string, unknown>;

const TOKEN = "bench-token";
const URL_BASE = "http://127.0.0.1:9";

/** The result of one recorded exchange of `test/fixtures/evm/execution-apis/<file>`. */
export function recorded(file: string): unknown {
  const text = readFileSync(
    new URL(`../../test/fixtures/evm/execution-apis/${file}`, import.meta.url),
    "utf8",
  );
  const answer = text.split("\n").find((line) => line.startsWith("<< "));
  if (answer === undefined) throw new Error(`${file} has no recorded answer`);
  return (JSON.parse(answer.slice(3)) as { result: unknown }).result;
}

/** `hash` with its last 6 hex digits replaced by `n`, so every copy has its own. */
function variantHash(hash: string, n: number): string {
  return `${hash.slice(0, -6)}${n.toString(16).padStart(6, "0")}`;
}

const hex = (n: number) => `0x${n.toString(16)}`;

/**
 * 1,000 logs over 50 blocks (the most one HyperEVM call may span), 20 per block, made from the
 * recorded logs: each with its own block, transaction and position.
 */
export function thousandLogs(): Json[] {
  const real = recorded("eth_getLogs/contract-addr.io") as Json[];
  return Array.from({ length: 1000 }, (_, i) => {
    const source = real[i % real.length] as Json;
    const block = 1000 + Math.floor(i / 20);
    return {
      ...structuredClone(source),
      blockNumber: hex(block),
      blockHash: variantHash(source.blockHash as string, block),
      blockTimestamp: hex(1_700_000_000 + block),
      transactionHash: variantHash(source.transactionHash as string, i),
      transactionIndex: hex(i % 20),
      logIndex: hex(i % 20),
    };
  });
}

/**
 * The receipts of a 200-transaction block, made from the recorded receipts of type 0x0, 0x1, 0x2 and
 * 0x3 (most with a log): each with its own transaction hash and position, cumulative gas adding up.
 */
function blockOf200Receipts(): Json[] {
  const real = [
    "eth_getTransactionReceipt/get-dynamic-fee.io",
    "eth_getTransactionReceipt/get-legacy-receipt.io",
    "eth_getTransactionReceipt/get-access-list.io",
    "eth_getTransactionReceipt/get-blob-tx.io",
  ].map((file) => recorded(file) as Json);
  const blockHash = variantHash(real[0]?.blockHash as string, 0xb10c);
  let cumulative = 0;
  return Array.from({ length: 200 }, (_, i) => {
    const source = structuredClone(real[i % real.length] as Json);
    const transactionHash = variantHash(source.transactionHash as string, i);
    cumulative += Number(source.gasUsed);
    const logs = (source.logs as Json[]).map((log) => ({
      ...log,
      blockHash,
      blockNumber: "0x2a",
      transactionHash,
      transactionIndex: hex(i),
      logIndex: hex(i),
    }));
    return {
      ...source,
      blockHash,
      blockNumber: "0x2a",
      transactionHash,
      transactionIndex: hex(i),
      cumulativeGasUsed: hex(cumulative),
      logs,
    };
  });
}

interface Clients {
  raw: (method: string, params: unknown[]) => Promise<unknown>;
  off: ReturnType<typeof createEvmClient>;
  on: ReturnType<typeof createEvmClient>;
  viem: ReturnType<typeof createPublicClient>;
}

function clients(fetchFn: MemoryFetch): Clients {
  let id = 1;
  const endpoint = `${URL_BASE}/${TOKEN}/evm`;
  const raw = async (method: string, params: unknown[]) => {
    const body = JSON.stringify({ jsonrpc: "2.0", id: id++, method, params });
    const response = await fetchFn(endpoint, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    return JSON.parse(await response.text()).result;
  };
  const evm = (validateResponse: boolean) =>
    createEvmClient({
      url: URL_BASE,
      credentials: { token: TOKEN },
      fetch: fetchFn,
      validateResponse,
      batch: false,
    });
  const viem = createPublicClient({ transport: http(endpoint, { fetchFn: fetchFn as typeof fetch }) });
  return { raw, off: evm(false), on: evm(true), viem };
}

const sequential =
  (call: () => Promise<unknown>) =>
  async (ops: number): Promise<void> => {
    for (let i = 0; i < ops; i++) await call();
  };

async function measure(
  title: string,
  variants: Variant[],
  context: BenchContext,
  ops: number,
): Promise<Table> {
  const plan = planFor(context, { warmups: 2, rounds: 7, ops }, Math.max(2, Math.round(ops / 10)));
  const samples = await interleaved(variants, plan);
  const figures: Figure[] = samples.map((sample) => timed(sample.name, sample, "µs", "/call"));
  const base = figures[0] as Figure;
  for (const figure of figures) figure.ratio = figure.value / base.value;
  // Issue 47: 1,000 validated logs cost at most 1.25× reading them with raw fetch.
  const validatedLogs = figures.find((figure) => figure.label === "chainkit/evm eth_getLogs, validation on");
  if (validatedLogs) withRawGoal(validatedLogs, base, 1.25);
  return {
    title: `${title} (N=${plan.ops} sequential calls, ${plan.rounds} rounds)`,
    ratioLabel: "÷ raw fetch",
    figures,
    notes: [
      "in-memory fetch: every client gets the same function answering new Response(bytes), so the figures are client CPU",
      "viem's getLogs and getBlockReceipts format every field (quantities to bigint); its request returns the JSON as is, as chainkit does",
    ],
  };
}

/**
 * Measures row 8.
 *
 * @param context - Quick mode.
 */
export async function logsReceipts(context: BenchContext): Promise<RowResult> {
  const logs = thousandLogs();
  const logsText = JSON.stringify(logs);
  const filter = { fromBlock: "0x3e8", toBlock: "0x419", address: logs[0]?.address as `0x${string}` };
  const logClients = clients(rpcMemoryFetch(logsText));
  check(
    (await logClients.on.eth_getLogs(filter)).length === 1000,
    "chainkit/evm returns and validates 1,000 logs",
  );
  check(
    ((await logClients.raw("eth_getLogs", [filter])) as unknown[]).length === 1000,
    "raw fetch returns them",
  );
  const viemLogs = await logClients.viem.getLogs({
    address: filter.address,
    fromBlock: 1000n,
    toBlock: 1049n,
  });
  check(
    viemLogs.length === 1000 && viemLogs[0]?.blockNumber === 1000n,
    "viem getLogs returns them, formatted",
  );

  const receipts = blockOf200Receipts();
  const receiptsText = JSON.stringify(receipts);
  const receiptClients = clients(rpcMemoryFetch(receiptsText));
  const ours = await receiptClients.on.eth_getBlockReceipts("0x2a");
  check(ours?.length === 200, "chainkit/evm returns and validates 200 receipts");
  const theirs = await receiptClients.viem.getBlockReceipts({ blockNumber: 42n });
  check(
    theirs.length === 200 && theirs[199]?.transactionIndex === 199,
    "viem getBlockReceipts returns them, formatted",
  );

  const tables = [
    await measure(
      `eth_getLogs, 1,000 logs (${logsText.length.toLocaleString("en")} B)`,
      [
        { name: "raw fetch + JSON.parse", run: sequential(() => logClients.raw("eth_getLogs", [filter])) },
        {
          name: "chainkit/evm eth_getLogs, validation off",
          run: sequential(() => logClients.off.eth_getLogs(filter)),
        },
        {
          name: "chainkit/evm eth_getLogs, validation on",
          run: sequential(() => logClients.on.eth_getLogs(filter)),
        },
        {
          name: "viem request eth_getLogs",
          run: sequential(() => logClients.viem.request({ method: "eth_getLogs", params: [filter] })),
        },
        {
          name: "viem getLogs (formatted)",
          run: sequential(() =>
            logClients.viem.getLogs({ address: filter.address, fromBlock: 1000n, toBlock: 1049n }),
          ),
        },
      ],
      context,
      60,
    ),
    await measure(
      `eth_getBlockReceipts, 200-tx block (${receiptsText.length.toLocaleString("en")} B)`,
      [
        {
          name: "raw fetch + JSON.parse",
          run: sequential(() => receiptClients.raw("eth_getBlockReceipts", ["0x2a"])),
        },
        {
          name: "chainkit/evm eth_getBlockReceipts, validation off",
          run: sequential(() => receiptClients.off.eth_getBlockReceipts("0x2a")),
        },
        {
          name: "chainkit/evm eth_getBlockReceipts, validation on",
          run: sequential(() => receiptClients.on.eth_getBlockReceipts("0x2a")),
        },
        {
          name: "viem request eth_getBlockReceipts",
          run: sequential(() =>
            receiptClients.viem.request({ method: "eth_getBlockReceipts", params: ["0x2a"] }),
          ),
        },
        {
          name: "viem getBlockReceipts (formatted)",
          run: sequential(() => receiptClients.viem.getBlockReceipts({ blockNumber: 42n })),
        },
      ],
      context,
      60,
    ),
  ];
  return { id: "logs-receipts", title: "8. Logs and receipts", tables };
}
