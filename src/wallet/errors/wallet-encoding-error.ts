import { ChainkitError } from "../../runtime/errors/chainkit-error.js";

/**
 * Thrown by the wallet encoding helpers (`toHexAddress`, `toBase58Address`, `hexToText`,
 * `readableAssetIssue`) for input that is not what they convert: a malformed or mistyped address,
 * or text that is not hex. `field` names the input at fault.
 *
 * @example
 * try { toHexAddress("TNotAnAddress"); } catch (err) {
 *   if (err instanceof WalletEncodingError) console.log(err.field, err.shortMessage);
 * }
 */
export class WalletEncodingError extends ChainkitError {
  override name = "WalletEncodingError";
  /** The input at fault, e.g. `address`, `hex`, or an asset field such as `owner_address`. */
  readonly field: string;

  constructor(field: string, shortMessage: string, details?: string) {
    super(shortMessage, { details });
    this.field = field;
  }
}
