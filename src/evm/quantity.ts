import { RequestValidationError } from "../runtime/errors/request-validation-error.js";

const QUANTITY = /^0x[0-9a-fA-F]+$/;

/**
 * Reads a hex quantity as the node writes it (`"0x1bc16d674ec80000"`) into a `bigint`. The generated
 * methods keep quantities as hex strings, as on the wire; the write helpers speak `bigint`.
 *
 * @param hex - `0x` followed by at least one hex digit.
 * @returns The value.
 * @throws {RequestValidationError} when the value is not a hex quantity (it is not guessed at).
 * @example
 * hexToBigInt(await evm.eth_getBalance(address)); // 1000000000000000000n
 */
export function hexToBigInt(hex: string): bigint {
  if (typeof hex !== "string" || !QUANTITY.test(hex)) {
    throw new RequestValidationError("hexToBigInt", [
      {
        pointer: "",
        message: `must be a hex quantity: 0x followed by hex digits (got ${String(hex).slice(0, 20)})`,
      },
    ]);
  }
  return BigInt(hex);
}

/**
 * Writes a non-negative integer as a canonical hex quantity (no leading zeros), as JSON-RPC params
 * take them.
 *
 * @param value - A `bigint`, or a safe non-negative integer `number`.
 * @returns `0x` + the value in hex (`0x0` for zero).
 * @throws {RequestValidationError} for a negative, fractional or unsafe number.
 * @example
 * await evm.eth_getBlockByNumber(toHex(1_234n), false); // "0x4d2"
 */
export function toHex(value: bigint | number): `0x${string}` {
  const valid =
    (typeof value === "bigint" && value >= 0n) ||
    (typeof value === "number" && Number.isSafeInteger(value) && value >= 0);
  if (!valid) {
    throw new RequestValidationError("toHex", [
      { pointer: "", message: "must be a non-negative integer: a bigint, or a number up to 2^53 - 1" },
    ]);
  }
  return `0x${value.toString(16)}`;
}
