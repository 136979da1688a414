/**
 * How long the fuzz suite runs. `npm test` uses the defaults (a fixed seed, a few runs per property,
 * well inside the test budget); `npm run fuzz` asks for more runs, and both take `FUZZ_RUNS` and
 * `FUZZ_SEED` from the environment, e.g. `FUZZ_RUNS=2000 FUZZ_SEED=7 npm run fuzz`.
 */
import fc from "fast-check";

const FUZZ_RUNS = positiveInteger(process.env.FUZZ_RUNS, 5);
const FUZZ_SEED = positiveInteger(process.env.FUZZ_SEED, 18);

// Small values (strings, arrays) keep each run cheap; more runs, not bigger values, find more.
fc.configureGlobal({ baseSize: "small" });

/** Settings for `fc.assert`: fixed seed, the run count, and no shrinking past a few seconds. */
export function fuzzParameters(runs = FUZZ_RUNS) {
  return { seed: FUZZ_SEED, numRuns: runs, endOnFailure: true } as const;
}

function positiveInteger(text: string | undefined, fallback: number): number {
  const value = Number(text);
  return Number.isSafeInteger(value) && value > 0 ? value : fallback;
}

/** Counts per operation, printed when a suite ends (the issue's closing note quotes them). */
export class FuzzTally {
  readonly #rows = new Map<string, Record<string, number>>();

  count(operation: string, what: string, by = 1): void {
    const row = this.#rows.get(operation) ?? {};
    row[what] = (row[what] ?? 0) + by;
    this.#rows.set(operation, row);
  }

  /** One line per operation, then the totals. */
  summary(title: string): string {
    const totals: Record<string, number> = {};
    const lines = [...this.#rows].map(([operation, row]) => {
      for (const [what, n] of Object.entries(row)) totals[what] = (totals[what] ?? 0) + n;
      return `  ${operation}: ${Object.entries(row)
        .map(([what, n]) => `${what} ${n}`)
        .join(", ")}`;
    });
    const total = Object.entries(totals)
      .map(([what, n]) => `${what} ${n}`)
      .join(", ");
    return `${title} (seed ${FUZZ_SEED}, ${FUZZ_RUNS} runs per property)\n${lines.join("\n")}\n  total: ${total}`;
  }
}
