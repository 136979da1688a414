import { ConfigurationError } from "./errors/configuration-error.js";

/**
 * The default limit on one answer, 64 MiB. A full HyperEVM block with every transaction object is a
 * few MiB of JSON even for a 30M-gas block of pure calldata (about 1.9 MB of input, twice that as hex),
 * and an `eth_getLogs` over the 50-block window the service allows stays well below this in practice;
 * the limit is there to stop a hostile server, not to trim real answers.
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

/**
 * Checks a `maxResponseBytes` option and fills in the default (a client's own limit, for a call).
 *
 * @param value - Bytes per answer; `Infinity` turns the limit off.
 * @param fallback - The limit when `value` is not given (default {@link DEFAULT_MAX_RESPONSE_BYTES}).
 * @returns The limit.
 * @throws {ConfigurationError} (option `maxResponseBytes`) when it is not a whole number >= 1 (or Infinity).
 * @example
 * resolveMaxResponseBytes(undefined); // 67108864
 * resolveMaxResponseBytes(undefined, 1024); // 1024
 */
export function resolveMaxResponseBytes(
  value: number | undefined,
  fallback: number = DEFAULT_MAX_RESPONSE_BYTES,
): number {
  if (value === undefined) return fallback;
  if (value === Number.POSITIVE_INFINITY) return value;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1) {
    throw new ConfigurationError(
      "maxResponseBytes",
      "must be a whole number of bytes >= 1 (Infinity for none)",
    );
  }
  return value;
}
