import { ChainkitError } from "../../runtime/errors/chainkit-error.js";

/**
 * The node could not run a contract call at all (`triggerConstantContract` answered `result.code`),
 * e.g. `CONTRACT_VALIDATE_ERROR` when no contract lives at the address. A call that ran and
 * reverted is a {@link ContractRevertError} instead.
 *
 * @example
 * try { await wallet.trc20(address).symbol(); } catch (err) {
 *   if (err instanceof ContractCallError) console.log(err.code, err.serviceMessage);
 * }
 */
export class ContractCallError extends ChainkitError {
  override name = "ContractCallError";
  /** The node's code, e.g. `CONTRACT_VALIDATE_ERROR`. */
  readonly code: string;
  /** The node's message, decoded to text. */
  readonly serviceMessage: string | undefined;

  constructor(code: string, serviceMessage: string | undefined, functionSelector: string) {
    super(`The node could not run ${functionSelector}: ${code}`, { details: serviceMessage });
    this.code = code;
    this.serviceMessage = serviceMessage;
  }
}
