import { ChainkitError } from "../../runtime/errors/chainkit-error.js";
import { type RefusalReason, refusalReason } from "./refusal-reason.js";

/**
 * The node refused a transaction: when building it (its `{"Error": …}` answer, e.g. a transfer of
 * more TRX than the account holds) or on broadcast (`code` and `message`). `reason` says why in
 * words: `balance too low`, `account not activated`, `bandwidth exhausted`, `energy exhausted`,
 * `expired`, `duplicate`, `bad signature`, …; `serviceMessage` keeps the node's own text. Nothing
 * was sent to the network.
 *
 * @example
 * import { privateKeySigner } from "chainkit/wallet";
 * const me = privateKeySigner(sandbox.credentials.walletPrivateKey);
 * try { await wallet.transfer({ to: "TPLkz8rzTT7gKRS1bUm3hBcvw1EExAbKTV", amount: 1_000_000n }, me); } catch (err) {
 *   if (err instanceof BroadcastError) console.log(err.reason, err.serviceMessage); // "balance too low", "Validate TransferContract error, balance is not sufficient."
 * }
 */
export class BroadcastError extends ChainkitError {
  override name = "BroadcastError";
  /** The node's code, e.g. `SIGERROR`, `CONTRACT_VALIDATE_ERROR`, `DUP_TRANSACTION_ERROR`. */
  readonly code: string;
  /** Why, in words. */
  readonly reason: RefusalReason;
  /** The node's message, decoded to text. */
  readonly serviceMessage: string | undefined;
  /** The id of the refused transaction; `undefined` when the node refused to build it. */
  readonly txID: string | undefined;

  constructor(code: string, serviceMessage: string | undefined, txID?: string) {
    const { reason, sentence } = refusalReason(code, serviceMessage);
    super(`The node refused the transaction: ${sentence} (${code})`, {
      details: [serviceMessage, txID && `txID ${txID}`].filter(Boolean).join("; ") || undefined,
    });
    this.code = code;
    this.reason = reason;
    this.serviceMessage = serviceMessage;
    this.txID = txID;
  }
}
