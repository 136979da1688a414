import { ConfigurationError } from "../errors/configuration-error.js";

/** How safe calls are retried. All times in milliseconds. */
export interface RetryOptions {
  /** Retries after the first try (default 3). */
  retries?: number;
  /** Backoff base: the n-th retry waits a random time up to `baseDelay * 2^n` (default 200). */
  baseDelay?: number;
  /** Longest single wait; a longer `Retry-After` ends retrying (default 10 000). */
  maxDelay?: number;
  /** No retry starts later than this after the first try (default 30 000). */
  maxElapsed?: number;
}

/** {@link RetryOptions} with every field set. */
export type RetryPolicy = Required<RetryOptions>;

const DEFAULTS: RetryPolicy = { retries: 3, baseDelay: 200, maxDelay: 10_000, maxElapsed: 30_000 };
const NO_RETRY: RetryPolicy = { ...DEFAULTS, retries: 0 };

/**
 * Fills in retry defaults (a field given as `undefined` takes its default); `false` turns retries off.
 *
 * @throws {ConfigurationError} (option `retry.<field>`) for negative or non-finite numbers, or a
 *   `retries` count that is not a whole number.
 * @example
 * resolveRetryPolicy({ retries: 5 }); // { retries: 5, baseDelay: 200, maxDelay: 10000, maxElapsed: 30000 }
 */
export function resolveRetryPolicy(options: RetryOptions | false | undefined): RetryPolicy {
  if (options === false) return NO_RETRY;
  const policy = { ...DEFAULTS };
  for (const name of Object.keys(DEFAULTS) as (keyof RetryPolicy)[]) {
    const value: unknown = options?.[name];
    if (value === undefined) continue;
    if (typeof value !== "number" || !Number.isFinite(value) || value < 0) {
      throw new ConfigurationError(`retry.${name}`, "must be a finite number >= 0");
    }
    if (name === "retries" && !Number.isInteger(value)) {
      throw new ConfigurationError("retry.retries", "must be a whole number >= 0");
    }
    policy[name] = value;
  }
  return policy;
}
