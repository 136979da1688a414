import { AbortError } from "../errors/abort-error.js";

/**
 * Waits `ms` milliseconds, or less if `signal` aborts first.
 *
 * @param ms - How long to wait.
 * @param signal - Stops the wait.
 * @throws {AbortError} when the signal aborts (at once if it already has).
 * @example
 * await sleep(250, AbortSignal.timeout(1_000));
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(new AbortError({ reason: signal.reason }));
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(new AbortError({ reason: signal?.reason }));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
