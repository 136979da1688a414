/**
 * Bytes allocated per `getnowblock` call (docs/performance.md, "The garbage a validated answer
 * makes"), by V8's sampling heap profiler with the objects young and old collections already freed
 * counted in: raw fetch + `JSON.parse` against chainkit/wallet with validation off and on, on the
 * wallet row's in-memory answer, after warm-up.
 *
 * Run: `npx tsx bench/garbage-per-call.ts [calls]` (default 300).
 */
import { Session } from "node:inspector/promises";
import { restMemoryFetch } from "./lib/memory-fetch.js";
import { nowBlockCalls } from "./lib/validated-calls.js";
import { benchBlock } from "./rows/wallet.js";

const CALLS = Number(process.argv[2] ?? 300);
const URL = "http://127.0.0.1:9";

interface SamplingNode {
  selfSize: number;
  children: SamplingNode[];
}

function allocated(node: SamplingNode): number {
  return node.children.reduce((sum, child) => sum + allocated(child), node.selfSize);
}

const { raw, off, on } = nowBlockCalls(URL, restMemoryFetch(benchBlock()));
const variants: [string, () => Promise<unknown>][] = [
  ["raw fetch + JSON.parse", raw],
  ["chainkit/wallet, validation off", off],
  ["chainkit/wallet, validation on", on],
];

const session = new Session();
session.connect();
for (const [name, call] of variants) {
  for (let i = 0; i < 200; i++) await call();
  await session.post("HeapProfiler.startSampling", {
    samplingInterval: 256,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  for (let i = 0; i < CALLS; i++) await call();
  const { profile } = await session.post("HeapProfiler.stopSampling");
  const perCall = allocated(profile.head as unknown as SamplingNode) / CALLS;
  console.log(`${name.padEnd(34)} ${(perCall / 1000).toFixed(0).padStart(6)} KB per call`);
}
session.disconnect();
