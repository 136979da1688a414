import { ChainkitError } from "../../runtime/errors/chainkit-error.js";

/**
 * Thrown by the TON address helpers (`parseTonAddress`, `formatTonAddress`, `sameTonAddress`, …)
 * for text that is not a TON address in any form they read: not raw `workchain:hex`, not 48
 * characters of base64 or base64url, an unknown flag byte, or a checksum that does not match
 * (a mistyped address). The message says which rule failed; the input is shown only by its length.
 *
 * @example
 * try { parseTonAddress(account); } catch (err) {
 *   if (err instanceof TonAddressError) console.log(err.shortMessage);
 * }
 */
export class TonAddressError extends ChainkitError {
  override name = "TonAddressError";
}
