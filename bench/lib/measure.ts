import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

// Collecting garbage between timed runs keeps one variant's garbage from being charged to the next.
// `--expose-gc` can be switched on at run time; a fresh context then hands out `gc`.
setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

/** One contender: `run(ops)` performs `ops` operations (calls, validations, signatures…). */
export interface Variant {
  name: string;
  run: (ops: number) => Promise<unknown> | unknown;
}

/** How long rounds are and how many. */
export interface Plan {
  /** Untimed runs per variant before the timed rounds (JIT, connections, caches). */
  warmups: number;
  /** Timed runs per variant. */
  rounds: number;
  /** Operations per run. */
  ops: number;
}

/** Milliseconds per operation of one variant, over the timed rounds. */
export interface Sample {
  name: string;
  median: number;
  low: number;
  high: number;
  /** Milliseconds per operation, one per round, in round order. */
  rounds: number[];
}

/**
 * Times variants in interleaved rounds: warm-ups first, then each round runs every variant once,
 * in an order rotated per round (so no variant always runs first or last), with garbage collected
 * before every timed run. Reports the median per-operation time and the round range.
 *
 * @param variants - The contenders.
 * @param plan - Warm-ups, rounds and operations per run.
 * @returns One sample per variant, in the given order.
 */
export async function interleaved(variants: readonly Variant[], plan: Plan): Promise<Sample[]> {
  for (let w = 0; w < plan.warmups; w++) {
    for (const variant of variants) await variant.run(plan.ops);
  }
  const perOp: number[][] = variants.map(() => []);
  for (let round = 0; round < plan.rounds; round++) {
    for (let k = 0; k < variants.length; k++) {
      const index = (k + round) % variants.length;
      const variant = variants[index] as Variant;
      collectGarbage();
      const start = performance.now();
      await variant.run(plan.ops);
      (perOp[index] as number[]).push((performance.now() - start) / plan.ops);
    }
  }
  return variants.map((variant, i) => summarize(variant.name, perOp[i] as number[]));
}

/**
 * Median and range of a list of measurements.
 *
 * @param name - What was measured.
 * @param values - The measurements (at least one).
 */
export function summarize(name: string, values: readonly number[]): Sample {
  return {
    name,
    median: median(values),
    low: Math.min(...values),
    high: Math.max(...values),
    rounds: [...values],
  };
}

/** The median of a non-empty list (mean of the middle two for an even length). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}
