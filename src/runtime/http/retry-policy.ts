import { ConfigurationError } from "../errors/configuration-error.js";
import { HttpError } from "../errors/http-error.js";
import { NetworkError } from "../errors/network-error.js";
import { RateLimitError } from "../errors/rate-limit-error.js";

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

/** HTTP statuses that say "try again later" without the request having been processed. */
const RETRYABLE_STATUS = new Set([502, 503, 504]);

/**
 * Whether an error is worth retrying for a call that is safe to repeat: network failures, rate limits
 * (HTTP 429, JSON-RPC -32005) and HTTP 502/503/504. Timeouts, aborts and other errors are final.
 *
 * @example
 * isRetryable(new NetworkError({ method: "GET", url: "https://host/" })); // true
 */
export function isRetryable(error: unknown): boolean {
  if (error instanceof NetworkError || error instanceof RateLimitError) return true;
  return error instanceof HttpError && RETRYABLE_STATUS.has(error.status);
}

/**
 * How long to wait before retry number `retry` (0-based), or `undefined` when no retry should start:
 * the count is used up, the service's hint is longer than `maxDelay`, or the wait would end past
 * `maxElapsed`. Without a hint, the wait is "full jitter": random between 0 and `baseDelay * 2^retry`,
 * capped at `maxDelay`.
 *
 * @param policy - The retry policy.
 * @param retry - How many retries already happened.
 * @param elapsed - Milliseconds since the first try started.
 * @param hint - The service's `Retry-After` / `try_again_in`, in ms, if any.
 * @param random - A number in [0, 1) (default `Math.random()`).
 * @example
 * nextRetryDelay(resolveRetryPolicy({}), 0, 0, 250); // 250
 */
export function nextRetryDelay(
  policy: RetryPolicy,
  retry: number,
  elapsed: number,
  hint: number | undefined,
  random: number = Math.random(),
): number | undefined {
  if (retry >= policy.retries) return undefined;
  const delay = hint ?? Math.floor(random * Math.min(policy.maxDelay, policy.baseDelay * 2 ** retry));
  if (delay > policy.maxDelay || elapsed + delay > policy.maxElapsed) return undefined;
  return delay;
}

/** The service's wait hint carried by an error, if any. */
export function retryHint(error: unknown): number | undefined {
  return error instanceof RateLimitError ? error.retryAfter : undefined;
}
