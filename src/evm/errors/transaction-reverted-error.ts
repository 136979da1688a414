import type { Receipt } from "../../../generated/evm/index.js";
import { ChainkitError } from "../../runtime/errors/chainkit-error.js";
import type { RevertReason } from "../revert/revert-reason.js";

/**
 * A mined transaction failed (receipt `status` `0x0`): thrown by `evm.waitForReceipt`. Receipts carry
 * no reason, so chainkit replays the call with `eth_call` and decodes what it reverts with
 * (`Error(string)`, `Panic(uint256)`, custom errors of a given ABI). HyperEVM serves the latest state
 * only, so the replay runs there: `reason` is `undefined` when the replay no longer reverts.
 *
 * @example
 * try { await evm.waitForReceipt(hash); } catch (err) {
 *   if (err instanceof TransactionRevertedError) console.log(err.reason?.message, err.receipt.gasUsed);
 * }
 */
export class TransactionRevertedError extends ChainkitError {
  override name = "TransactionRevertedError";
  readonly transactionHash: string;
  /** The receipt, as the node gave it. */
  readonly receipt: Receipt;
  /** The decoded reason, when the replay reverted. */
  readonly reason: RevertReason | undefined;

  constructor(init: { transactionHash: string; receipt: Receipt; reason: RevertReason | undefined }) {
    super(
      `Transaction ${init.transactionHash} reverted in block ${init.receipt.blockNumber}: ${init.reason?.message ?? "the replay did not revert, so the reason is unknown"}`,
    );
    this.transactionHash = init.transactionHash;
    this.receipt = init.receipt;
    this.reason = init.reason;
  }
}
