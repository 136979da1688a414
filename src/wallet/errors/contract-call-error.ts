import { ChainkitError } from "../../runtime/errors/chainkit-error.js";
import { type RefusalReason, refusalReason } from "./refusal-reason.js";

/**
 * The node could not run or build a contract call (`triggerConstantContract` or
 * `triggerSmartContract` answered `result.code`): `CONTRACT_VALIDATE_ERROR` when no contract lives
 * at the address, a fee limit out of range, an owner without an account. `reason` says why in
 * words; `serviceMessage` keeps the node's text. A call that ran and reverted is a
 * {@link ContractRevertError} instead.
 *
 * @example
 * try { await wallet.trc20(address).symbol(); } catch (err) {
 *   if (err instanceof ContractCallError) console.log(err.reason, err.serviceMessage); // "no contract", …
 * }
 */
export class ContractCallError extends ChainkitError {
  override name = "ContractCallError";
  /** The node's code, e.g. `CONTRACT_VALIDATE_ERROR`. */
  readonly code: string;
  /** Why, in words. */
  readonly reason: RefusalReason;
  /** The node's message, decoded to text. */
  readonly serviceMessage: string | undefined;

  constructor(code: string, serviceMessage: string | undefined, functionSelector: string) {
    const { reason, sentence } = refusalReason(code, serviceMessage);
    super(`The node could not run ${functionSelector}: ${sentence} (${code})`, { details: serviceMessage });
    this.code = code;
    this.reason = reason;
    this.serviceMessage = serviceMessage;
  }
}
