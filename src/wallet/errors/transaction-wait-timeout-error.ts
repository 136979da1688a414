import { ChainkitError } from "../../runtime/errors/chainkit-error.js";

/**
 * Thrown by `waitForTransaction` when the transaction is not in a block (or, with `confirmed`, not
 * solidified) within `timeout`. It may still get there, or it may have expired unseen: call
 * `waitForTransaction` again, or look it up with `getTransactionById`.
 *
 * @example
 * const txID = "a6850deb302e647f386dce814e272a86919d6d77fde5b44b0db1b6641e51740f";
 * try { await wallet.waitForTransaction(txID, { timeout: 30_000 }); } catch (err) {
 *   if (err instanceof TransactionWaitTimeoutError) console.log(`not seen after ${err.timeout} ms`);
 * }
 */
export class TransactionWaitTimeoutError extends ChainkitError {
  override name = "TransactionWaitTimeoutError";
  readonly txID: string;
  /** The timeout that ran out, in milliseconds. */
  readonly timeout: number;
  /** Whether the wait was for the solidified chain. */
  readonly confirmed: boolean;

  constructor(init: { txID: string; timeout: number; confirmed: boolean; cause?: unknown }) {
    super(
      `Transaction ${init.txID} was not ${init.confirmed ? "confirmed (solidified)" : "in a block"} within ${init.timeout} ms`,
      { cause: init.cause },
    );
    this.txID = init.txID;
    this.timeout = init.timeout;
    this.confirmed = init.confirmed;
  }
}
