import { ChainkitError } from "../../runtime/errors/chainkit-error.js";

/**
 * A transaction the node built is not the one asked for, so it was not signed. Thrown by
 * `wallet.transfer` before the signer is called: `txID` is not the SHA-256 of `raw_data_hex`, or
 * the protobuf bytes (which are what a signature covers) name another contract type, owner,
 * recipient, amount or token, carry extra contracts or a memo, expire too late or already
 * expired, or disagree with the `raw_data` JSON shown beside them.
 *
 * @example
 * import { privateKeySigner } from "chainkit/wallet";
 * const me = privateKeySigner(sandbox.credentials.walletPrivateKey);
 * try { await wallet.transfer({ to: "TPLkz8rzTT7gKRS1bUm3hBcvw1EExAbKTV", amount: 1_000_000n }, me); } catch (err) {
 *   if (err instanceof TransactionMismatchError) console.log(err.field); // "/raw_data/contract/0/parameter/value/amount"
 * }
 */
export class TransactionMismatchError extends ChainkitError {
  override name = "TransactionMismatchError";
  /** JSON pointer into the node's answer, e.g. `/txID` or `/raw_data/contract/0/parameter/value/to_address`. */
  readonly field: string;

  constructor(field: string, shortMessage: string, details?: string) {
    super(shortMessage, { details });
    this.field = field;
  }
}
