import { AbortError } from "../errors/abort-error.js";
import { ConfigurationError } from "../errors/configuration-error.js";
import { sleep } from "../http/sleep.js";

/**
 * A pace to keep: at most `requests` requests and/or `weight` units of weight in any window of
 * `intervalMs` milliseconds.
 */
export interface UsageBudget {
  requests?: number;
  weight?: number;
  intervalMs: number;
}

/** What a caller has spent since it was created. */
export interface UsageSnapshot {
  /** HTTP requests sent (each retry counts; a JSON-RPC batch is one). */
  requests: number;
  /** Total weight (1 per request unless a call says otherwise, e.g. one per exchange modification). */
  weight: number;
}

/** Counts requests and, with a budget, paces them. Share one meter between callers to pace them together. */
export interface UsageMeter {
  /**
   * Waits until a request of this weight fits the budget (first come, first served), then counts it.
   * @throws {AbortError} when `signal` aborts the wait; nothing is counted then.
   */
  acquire(weight: number, signal?: AbortSignal): Promise<void>;
  /**
   * Counts a request of this weight at once when nothing makes it wait (no budget), so the caller
   * needs no promise; returns `false`, counting nothing, when the caller must `acquire` instead.
   * Optional: a meter without it is always asked through `acquire`.
   */
  tryAcquire?(weight: number): boolean;
  /** Counts so far. */
  snapshot(): UsageSnapshot;
}

/** Caller option: a budget for a new meter, or a meter to share. */
export interface UsageOptions {
  budget?: UsageBudget;
  meter?: UsageMeter;
}

/**
 * Creates a usage meter. Without a budget it only counts; with one, `acquire` delays a request until
 * it fits the sliding window, so calls slow down instead of running into HTTP 429. A single request
 * heavier than the whole weight budget waits for an empty window and then goes.
 *
 * @param budget - Optional pace to keep.
 * @throws {ConfigurationError} (option `usage.budget`) when the budget has no limit or bad numbers
 *   (`requests` must be a whole number >= 1; `weight` and `intervalMs` finite numbers > 0).
 * @example
 * const meter = createUsageMeter({ requests: 10, intervalMs: 1_000 });
 * await meter.acquire(1);
 * meter.snapshot(); // { requests: 1, weight: 1 }
 */
export function createUsageMeter(budget?: UsageBudget): UsageMeter {
  if (budget) checkBudget(budget);
  const totals: UsageSnapshot = { requests: 0, weight: 0 };
  const window: { at: number; weight: number }[] = [];
  let windowWeight = 0;
  let queue: Promise<void> = Promise.resolve();

  const fits = (weight: number): boolean => {
    if (!budget) return true;
    if (budget.requests !== undefined && window.length + 1 > budget.requests) return false;
    if (budget.weight !== undefined && window.length > 0 && windowWeight + weight > budget.weight)
      return false;
    return true;
  };

  const waitForRoom = async (weight: number, signal?: AbortSignal): Promise<void> => {
    for (;;) {
      const now = Date.now();
      while (budget && window.length > 0 && (window[0]?.at ?? 0) + budget.intervalMs <= now) {
        windowWeight -= window.shift()?.weight ?? 0;
      }
      if (fits(weight)) {
        if (budget) {
          window.push({ at: now, weight });
          windowWeight += weight;
        }
        totals.requests += 1;
        totals.weight += weight;
        return;
      }
      const oldest = window[0]?.at ?? now;
      await sleep(Math.max(1, oldest + (budget?.intervalMs ?? 0) - now), signal);
    }
  };

  return {
    acquire(weight, signal) {
      if (!budget) {
        // Nothing to wait for: count now, without a turn in the queue (a promise hop per request).
        if (signal?.aborted) return Promise.reject(new AbortError({ reason: signal.reason }));
        totals.requests += 1;
        totals.weight += weight;
        return RESOLVED;
      }
      const turn = queue.then(() => {
        if (signal?.aborted) throw new AbortError({ reason: signal.reason });
        return waitForRoom(weight, signal);
      });
      queue = turn.catch(() => undefined);
      return signal ? settleOrAbort(turn, signal) : turn;
    },
    tryAcquire(weight) {
      if (budget) return false;
      totals.requests += 1;
      totals.weight += weight;
      return true;
    },
    snapshot: () => ({ ...totals }),
  };
}

/** Rejects as soon as `signal` aborts, even while earlier callers still hold the queue. */
function settleOrAbort(turn: Promise<void>, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new AbortError({ reason: signal.reason }));
    signal.addEventListener("abort", onAbort, { once: true });
    turn.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

const RESOLVED: Promise<void> = Promise.resolve();

function checkBudget(budget: UsageBudget): void {
  const positive = (value: number | undefined) =>
    value === undefined || (Number.isFinite(value) && value > 0);
  if (!positive(budget.intervalMs) || budget.intervalMs === undefined) {
    throw new ConfigurationError("usage.budget", "intervalMs must be a number > 0");
  }
  if (budget.requests === undefined && budget.weight === undefined) {
    throw new ConfigurationError("usage.budget", "give requests and/or weight");
  }
  if (!positive(budget.requests) || !positive(budget.weight)) {
    throw new ConfigurationError("usage.budget", "requests and weight must be numbers > 0");
  }
  // A window of 0.5 requests never holds one: every call would wait forever.
  if (budget.requests !== undefined && !Number.isInteger(budget.requests)) {
    throw new ConfigurationError("usage.budget", "requests must be a whole number >= 1");
  }
}
