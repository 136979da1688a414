import { toRawAddress } from "./format-ton-address.js";
import type { TonAddress } from "./ton-address.js";

/**
 * Whether two TON addresses name the same account, whatever form each is written in: raw or
 * user-friendly, base64 or base64url, either case of hex. The bounceable and testnet flags say how
 * to send to an account, not which account it is, so they do not count.
 *
 * @param a - Any written form, or a parsed address.
 * @param b - Any written form, or a parsed address.
 * @returns True when workchain and hash are equal.
 * @throws {TonAddressError} when either is not a TON address.
 * @example
 * sameTonAddress(
 *   "EQAh1mFadGJcqL6zx6V3eXihI57oFIsd8Yx7iooyFVI9oGbt",
 *   "0:21d6615a74625ca8beb3c7a5777978a1239ee8148b1df18c7b8a8a3215523da0",
 * ); // true
 */
export function sameTonAddress(a: string | TonAddress, b: string | TonAddress): boolean {
  return toRawAddress(a) === toRawAddress(b);
}
