import { ExchangeError } from "../errors/exchange-error.js";

/** A client order id: `0x` and 32 hex digits (16 bytes). */
export type Cloid = `0x${string}`;

const CLOID = /^0x[0-9a-fA-F]{32}$/;

/**
 * Whether `value` has the shape of a cloid (`0x` + 32 hex digits, any case).
 *
 * @example
 * isCloid("0x1E60610F0B3D420597C88C1FED2AD5EE"); // true
 * isCloid(77738308); // false: an exchange order id
 */
export function isCloid(value: unknown): value is Cloid {
  return typeof value === "string" && CLOID.test(value);
}

/**
 * Checks a client order id and lowercases it, the only form the exchange hashes.
 *
 * @param value - `0x` followed by 32 hex digits.
 * @param field - JSON pointer named in the error, if any.
 * @returns the lowercase cloid.
 * @throws {ExchangeError} when `value` is not 16 bytes of `0x`-prefixed hex.
 * @example
 * normalizeCloid("0x0000000000000000000000000000000A"); // "0x0000000000000000000000000000000a"
 */
export function normalizeCloid(value: string, field?: string): Cloid {
  if (!isCloid(value)) {
    throw new ExchangeError(`${field ?? "cloid"} must be 0x followed by 32 hex digits`, { field });
  }
  return value.toLowerCase() as Cloid;
}
