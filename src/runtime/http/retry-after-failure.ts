import { isRetryable, nextRetryDelay, type RetryPolicy, retryHint } from "./retry-policy.js";
import { sleep } from "./sleep.js";

/** When and how an attempt may be repeated. */
export interface RetryContext {
  policy: RetryPolicy;
  /** Only calls that are safe to repeat are retried; others get exactly one try. */
  idempotent: boolean;
  /** Aborts retry waits. */
  signal?: AbortSignal | undefined;
}

/**
 * Repeats a call after its first try failed, while the failure is retryable (network errors,
 * 429/-32005, 502/503/504), the call is idempotent and the policy allows: waits the service's hint
 * when it gives one, else an exponential backoff with full jitter. The caller makes the first try
 * itself, so that the common, successful call builds no closure and no retry state.
 *
 * @param firstError - What the first try threw.
 * @param attempt - One more try; throws to fail.
 * @param context - Policy, idempotency and signal.
 * @param started - `Date.now()` when the first try started (`maxElapsed` counts from there).
 * @returns What the first successful retry returns.
 * @throws `firstError` when it is final, else the last retry's error, or `AbortError` from a wait.
 * @example
 * const sendOnce = () => fetch(url).then((response) => response.text());
 * const started = Date.now();
 * const context = { policy: resolveRetryPolicy({}), idempotent: true, signal: undefined };
 * const text = await sendOnce().catch((error: unknown) => retryAfterFailure(error, sendOnce, context, started));
 */
export async function retryAfterFailure<T>(
  firstError: unknown,
  attempt: () => Promise<T>,
  context: RetryContext,
  started: number,
): Promise<T> {
  let error = firstError;
  for (let retry = 0; ; retry++) {
    if (!context.idempotent || !isRetryable(error)) throw error;
    const delay = nextRetryDelay(context.policy, retry, Date.now() - started, retryHint(error));
    if (delay === undefined) throw error;
    await sleep(delay, context.signal);
    try {
      return await attempt();
    } catch (next) {
      error = next;
    }
  }
}
