import { ChainkitError } from "../../runtime/errors/chainkit-error.js";

/**
 * The node answered `eth_sendRawTransaction` with another hash than the one of the bytes sent
 * (keccak256 of the signed transaction). The transaction may have been broadcast all the same: follow
 * it by `transactionHash`, the hash chainkit computed, never by the node's answer, which may name
 * another transaction whose receipt would then seem to be yours.
 *
 * @example
 * const me = privateKeySigner(key);
 * try { await evm.sendTransaction({ to: address, value: 1n }, me); } catch (err) {
 *   if (err instanceof TransactionHashMismatchError) await evm.waitForReceipt(err.transactionHash);
 * }
 */
export class TransactionHashMismatchError extends ChainkitError {
  override name = "TransactionHashMismatchError";
  /** keccak256 of the signed bytes: the transaction's real hash. */
  readonly transactionHash: string;
  /** What the node answered. */
  readonly answered: string;

  constructor(init: { transactionHash: string; answered: string }) {
    super(
      `The node answered eth_sendRawTransaction with hash ${init.answered}, but the signed transaction's hash ` +
        `is ${init.transactionHash}. It may have been broadcast all the same: follow it by ${init.transactionHash}, ` +
        "and do not trust this node's answers.",
    );
    this.transactionHash = init.transactionHash;
    this.answered = init.answered;
  }
}
