import { ExchangeError } from "../errors/exchange-error.js";

const UINT64_MAX = (1n << 64n) - 1n;
const INT64_MIN = -(1n << 63n);

/**
 * Turns an integer into the value that msgpack encodes with the smallest integer format, as the
 * official SDKs do: a `number` inside the 32-bit range, a `bigint` beyond it (the encoder is set to
 * write bigints as 64-bit ints; left as numbers they would become float64).
 *
 * @param value - a safe integer `number` or a `bigint` that fits 64 bits.
 * @param field - JSON pointer named in the error.
 * @param unsigned - refuse negative values.
 * @returns a `number` (32-bit range) or a `bigint`.
 * @throws {ExchangeError} for fractions, unsafe numbers, values beyond 64 bits, and other types.
 * @example
 * toWireInteger(8553833906, "/oid"); // 8553833906n (written as uint64)
 */
export function toWireInteger(value: unknown, field: string, unsigned = false): number | bigint {
  let big: bigint;
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) {
      throw new ExchangeError(
        `${field} must be an integer (as a safe integer or a bigint); prices and sizes travel as strings`,
        { field },
      );
    }
    if (value >= -0x80000000 && value <= 0xffffffff && !(unsigned && value < 0)) return value;
    big = BigInt(value);
  } else if (typeof value === "bigint") {
    big = value;
  } else {
    throw new ExchangeError(`${field} must be an integer`, { field });
  }
  if (big > UINT64_MAX || big < (unsigned ? 0n : INT64_MIN)) {
    throw new ExchangeError(`${field} must be ${unsigned ? "an unsigned" : "a"} 64-bit integer`, { field });
  }
  return big >= -0x80000000n && big <= 0xffffffffn ? Number(big) : big;
}
