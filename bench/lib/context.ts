import type { Plan } from "./measure.js";
import type { BenchServer } from "./server-process.js";

/** What every row gets. */
export interface BenchContext {
  /** `--quick`: every row once, small counts (CI). */
  quick: boolean;
  /** The forked fixed-response server. */
  server: BenchServer;
  /** A scratch directory, removed at the end. */
  tmp: string;
}

/**
 * The plan for this run: the full one, or in quick mode one warm-up and one round with `quickOps`.
 */
export function planFor(context: BenchContext, full: Plan, quickOps: number): Plan {
  return context.quick ? { warmups: 1, rounds: 1, ops: quickOps } : full;
}

/** Fails loudly when a contender does not do the work it is timed for. */
export function check(condition: unknown, what: string): asserts condition {
  if (!condition) throw new Error(`bench sanity check failed: ${what}`);
}
