import { ResponseValidationError } from "../runtime/errors/response-validation-error.js";

/**
 * Reads a hex quantity the node sent (`0x` and hex digits); anything else (`"12.5"`, `"1e3"`, a
 * number, nothing) is a `ResponseValidationError` naming where it was, also with validation off.
 * `status` is the answer's (101 for a WebSocket message, the default).
 *
 * @example
 * readQuantity("0x10", "eth_subscription (newHeads)", "/params/result/number"); // 16n
 */
export function readQuantity(value: unknown, method: string, pointer: string, status = 101): bigint {
  if (typeof value === "string" && /^0x[0-9a-fA-F]{1,64}$/.test(value)) return BigInt(value);
  throw new ResponseValidationError(method, status, [
    { pointer, message: "must be a hex quantity (0x and up to 64 hex digits)" },
  ]);
}
