import { ConfigurationError } from "../errors/configuration-error.js";

/** Default milliseconds for one request, from sending until the body is read. */
export const DEFAULT_TIMEOUT = 30_000;

/**
 * Checks a client's `timeout` option and fills in the default.
 *
 * @param timeout - Milliseconds per request; `Infinity` means no timeout.
 * @returns The timeout, {@link DEFAULT_TIMEOUT} when not given.
 * @throws {ConfigurationError} (option `timeout`) when it is not a number greater than 0.
 * @example
 * resolveTimeout(undefined); // 30000
 */
export function resolveTimeout(timeout: number | undefined): number {
  if (timeout === undefined) return DEFAULT_TIMEOUT;
  if (typeof timeout !== "number" || Number.isNaN(timeout) || timeout <= 0) {
    throw new ConfigurationError("timeout", "must be a number of milliseconds > 0 (Infinity for none)");
  }
  return timeout;
}

/**
 * Checks a call's `timeout` option, as {@link resolveTimeout} checks a client's, and falls back to
 * the client's own. `NaN` would otherwise turn the timeout off for the call, and 0 or a negative
 * number would end it as a `TimeoutError` before anything is sent.
 *
 * @param timeout - The call's milliseconds per attempt, if any.
 * @param fallback - The client's timeout.
 * @returns The timeout to use.
 * @throws {ConfigurationError} (option `timeout`) when it is not a number greater than 0.
 * @example
 * resolveCallTimeout(undefined, 30_000); // 30000
 */
export function resolveCallTimeout(timeout: number | undefined, fallback: number): number {
  return timeout === undefined ? fallback : resolveTimeout(timeout);
}
