import { ChainkitError } from "../../runtime/errors/chainkit-error.js";

/**
 * The node refused a signed transaction (`broadcastTransaction` answered without `result: true`):
 * a bad signature (`SIGERROR`), a transfer the chain refuses (`CONTRACT_VALIDATE_ERROR`, e.g. not
 * enough balance), an expired or duplicate transaction, a busy node. Nothing was sent to the network.
 *
 * @example
 * import { privateKeySigner } from "chainkit/wallet";
 * const me = privateKeySigner(sandbox.credentials.walletPrivateKey);
 * try { await wallet.transfer({ to: "TPLkz8rzTT7gKRS1bUm3hBcvw1EExAbKTV", amount: 1_000_000n }, me); } catch (err) {
 *   if (err instanceof BroadcastError) console.log(err.code, err.serviceMessage);
 * }
 */
export class BroadcastError extends ChainkitError {
  override name = "BroadcastError";
  /** The node's code, e.g. `SIGERROR`, `CONTRACT_VALIDATE_ERROR`, `DUP_TRANSACTION_ERROR`. */
  readonly code: string;
  /** The node's message, decoded to text. */
  readonly serviceMessage: string | undefined;
  /** The id of the refused transaction. */
  readonly txID: string;

  constructor(code: string, serviceMessage: string | undefined, txID: string) {
    super(`The node refused the transaction: ${code}`, {
      details: `${serviceMessage ? `${serviceMessage}; ` : ""}txID ${txID}`,
    });
    this.code = code;
    this.serviceMessage = serviceMessage;
    this.txID = txID;
  }
}
