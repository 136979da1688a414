/**
 * Row 3, batching: 1,000 eth_getTransactionByHash calls over loopback to the forked server, sent one
 * by one, as one `evm.batch`, and as 1,000 concurrent calls in one tick (automatic batching), next
 * to viem's http transport one by one and with `batch: true`.
 */
import { createEvmClient } from "chainkit/evm";
import { createClient as createViemClient, http } from "viem";
import { type BenchContext, check, planFor } from "../lib/context.js";
import { transaction } from "../lib/fixtures.js";
import { interleaved } from "../lib/measure.js";
import { type Figure, type RowResult, timed } from "../lib/report.js";

const TOKEN = "bench-token";
const HASH = transaction.hash as `0x${string}`;

/**
 * Measures row 3.
 *
 * @param context - Quick mode and the forked server.
 */
export async function batching(context: BenchContext): Promise<RowResult> {
  const { url } = context.server;
  const rpcUrl = `${url}/${TOKEN}/evm`;
  const calls = context.quick ? 100 : 1000;
  // 9 rounds: the goal compares two medians near 30 ms whose reference (the raw batch) moved from
  // 26.5 to 33.1 ms between runs of 5 rounds on the same tree (0.73× to 0.91×).
  const plan = planFor(context, { warmups: 1, rounds: 9, ops: 1 }, 1);

  const oneByOne = createEvmClient({ url, credentials: { token: TOKEN }, batch: false });
  const automatic = createEvmClient({ url, credentials: { token: TOKEN } });
  const explicit = createEvmClient({ url, credentials: { token: TOKEN } });
  const viemSingle = createViemClient({ transport: http(rpcUrl) });
  const viemBatch = createViemClient({ transport: http(rpcUrl, { batch: true }) });
  const request = { method: "eth_getTransactionByHash" as const, params: [HASH] as [`0x${string}`] };
  let id = 1;

  const hashes = Array.from({ length: calls }, () => HASH);
  const variants = {
    chainkitOneByOne: async () => {
      for (const hash of hashes) await oneByOne.eth_getTransactionByHash(hash);
    },
    chainkitBatch: () =>
      explicit.batch(hashes.map((hash) => ({ method: "eth_getTransactionByHash", params: [hash] }) as const)),
    chainkitAutomatic: () => Promise.all(hashes.map((hash) => automatic.eth_getTransactionByHash(hash))),
    viemOneByOne: async () => {
      for (let i = 0; i < calls; i++) await viemSingle.request(request);
    },
    viemBatch: () => Promise.all(hashes.map(() => viemBatch.request(request))),
    rawBatch: async () => {
      const body = JSON.stringify(
        hashes.map((hash) => ({
          jsonrpc: "2.0",
          id: id++,
          method: "eth_getTransactionByHash",
          params: [hash],
        })),
      );
      const res = await fetch(rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
      return JSON.parse(await res.text());
    },
  };

  // Every approach must get every answer, and the batching ones in one batch. Counted where the
  // server receives them: the client's meter also counts a retry of the batch as a request.
  const batchSizes = async () => (await (await fetch(`${url}/bench/batch-sizes`)).json()) as number[];
  await batchSizes();
  const auto = await variants.chainkitAutomatic();
  check(
    auto.length === calls && auto.every((tx) => tx?.hash === HASH),
    "automatic batching answers every call",
  );
  const sent = await batchSizes();
  check(
    sent.length > 0 && sent.every((size) => size === calls),
    `automatic batching sends the ${calls} calls as one batch (the server received batches of ${sent.join(", ") || "none"})`,
  );
  const outcomes = await variants.chainkitBatch();
  check(
    outcomes.every((o) => "result" in o && o.result?.hash === HASH),
    "evm.batch answers every call",
  );
  const theirs = (await variants.viemBatch()) as { hash: string }[];
  check(
    theirs.every((tx) => tx.hash === HASH),
    "viem batch answers every call",
  );

  const samples = await interleaved(
    [
      { name: "chainkit/evm one by one (batch: false)", run: variants.chainkitOneByOne },
      { name: "chainkit/evm evm.batch", run: variants.chainkitBatch },
      { name: "chainkit/evm automatic batching", run: variants.chainkitAutomatic },
      { name: "viem http one by one", run: variants.viemOneByOne },
      { name: "viem http batch: true, concurrent", run: variants.viemBatch },
      { name: "raw fetch, one hand-built batch POST (context)", run: variants.rawBatch },
    ],
    plan,
  );
  const figures: Figure[] = samples.map((sample) => timed(sample.name, sample, "ms"));
  const [ckOne, ckBatch, ckAuto, viemOne, viemBatched, raw] = figures as [
    Figure,
    Figure,
    Figure,
    Figure,
    Figure,
    Figure,
  ];
  for (const f of [ckOne, ckBatch, ckAuto, raw]) f.ratio = ckOne.value / f.value;
  for (const f of [viemOne, viemBatched]) f.ratio = viemOne.value / f.value;
  // Issue 47: automatic batching earns at least 0.8 of the speed-up of one hand-built batch POST.
  const share = (ckAuto.ratio as number) / (raw.ratio as number);
  ckAuto.goal = {
    text: `≥ 0.8× raw batch's speed-up (${share.toFixed(2)}×)`,
    met: share >= 0.8,
    peer: `raw batch ${(raw.ratio as number).toFixed(1)}×`,
  };
  return {
    id: "batching",
    title: "3. Batching",
    tables: [
      {
        title: `${calls} × eth_getTransactionByHash over loopback, whole set per round (${plan.rounds} rounds)`,
        ratioLabel: "× faster than one by one",
        figures,
        notes: [
          "ratios: chainkit and raw rows against chainkit one by one; viem rows against viem one by one",
          "chainkit validates every result (the default); viem does not validate",
          "peers on this kind of machine: viem batching 26× faster than sequential",
        ],
      },
    ],
  };
}
