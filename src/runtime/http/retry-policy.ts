import { HttpError } from "../errors/http-error.js";
import { NetworkError } from "../errors/network-error.js";
import { RateLimitError } from "../errors/rate-limit-error.js";
import type { RetryPolicy } from "./retry-options.js";

// The options and their check live in a module of their own, so a constructor can check them
// without the retry code and the error classes it tests for.
export { type RetryOptions, type RetryPolicy, resolveRetryPolicy } from "./retry-options.js";

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
