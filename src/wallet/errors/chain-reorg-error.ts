import { ChainkitError } from "../../runtime/errors/chainkit-error.js";

/**
 * A payment watcher reading the head chain (`confirmed: false`) found that the next block does not
 * follow the last one it read: a fork replaced blocks whose payments were already yielded. Watch
 * with `confirmed: true` to read solidified blocks only, which no fork replaces.
 *
 * @example
 * try { for await (const payment of wallet.watchPayments({ addresses: [account] })) console.log(payment.txID); } catch (err) {
 *   if (err instanceof ChainReorgError) console.log("the head chain forked at", err.blockNumber);
 * }
 */
export class ChainReorgError extends ChainkitError {
  override name = "ChainReorgError";
  /** The block whose parent is not the block read before it. */
  readonly blockNumber: bigint;

  constructor(blockNumber: bigint, expectedParent: string, parent: string) {
    super(`Block ${blockNumber} does not follow the block read before it: the head chain forked`, {
      details: `expected parent ${expectedParent}, got ${parent}; watch with confirmed: true to read solidified blocks only`,
    });
    this.blockNumber = blockNumber;
  }
}
