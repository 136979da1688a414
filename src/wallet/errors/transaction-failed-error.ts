import type { TransactionInfo } from "../../../generated/wallet/types.js";
import { ChainkitError } from "../../runtime/errors/chainkit-error.js";

/**
 * A transaction is in a block but its contract call failed: `result` is the node's receipt result
 * (`REVERT` when the contract refused, `OUT_OF_ENERGY` when the fee limit or the balance ran out,
 * …), `reason` the revert reason decoded from `contractResult` (a Solidity `require` text) or, for
 * other failures, the node's message. The fee was still paid. Thrown by `waitForTransaction`.
 *
 * @example
 * const txID = "a6850deb302e647f386dce814e272a86919d6d77fde5b44b0db1b6641e51740f";
 * try { await wallet.waitForTransaction(txID); } catch (err) {
 *   if (err instanceof TransactionFailedError) console.log(err.result, err.reason); // "REVERT", "TRC20: transfer amount exceeds balance"
 * }
 */
export class TransactionFailedError extends ChainkitError {
  override name = "TransactionFailedError";
  readonly txID: string;
  /** The receipt result, e.g. `REVERT` or `OUT_OF_ENERGY`. */
  readonly result: string;
  /** The decoded revert reason, or the node's message; `undefined` when there is neither. */
  readonly reason: string | undefined;
  /** The receipt as the node gave it (fee, energy, block). */
  readonly info: TransactionInfo;

  constructor(init: { txID: string; result: string; reason: string | undefined; info: TransactionInfo }) {
    const words =
      init.result === "OUT_OF_ENERGY"
        ? "ran out of energy (raise the fee limit, or stake TRX for energy)"
        : init.result === "REVERT"
          ? "was reverted by the contract"
          : `failed (${init.result})`;
    super(`Transaction ${init.txID} ${words}${init.reason ? `: ${init.reason}` : ""}`, {
      details: `block ${init.info.blockNumber}, fee ${init.info.fee ?? 0n} sun`,
    });
    this.txID = init.txID;
    this.result = init.result;
    this.reason = init.reason;
    this.info = init.info;
  }
}
