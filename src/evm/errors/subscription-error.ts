import { ChainkitError } from "../../runtime/errors/chainkit-error.js";

/** Why a subscription ended on its own. */
export type SubscriptionErrorReason =
  /** The chain reorganised deeper than the blocks the subscription remembers (`maxReorgDepth`). */
  | "reorgTooDeep"
  /**
   * The node's answers contradict each other (a block whose `parentHash` is not the hash of the block
   * before it, a head that names itself as its parent): catching up made no progress after several
   * rounds with growing pauses.
   */
  | "noProgress"
  /**
   * A block left the chain whose delivered logs were more than the subscription remembers (about
   * `maxResponseBytes` of logs), so they could not be reported removed.
   */
  | "reorgTooLarge";

/**
 * A live subscription ended because it could not keep its promise of delivering every item once and
 * in order: e.g. the chain reorganised deeper than it remembers. Subscribe again (with `fromBlock` to
 * resume from a known block). Connection failures end subscriptions with the `NetworkError` or
 * `HttpError` that made the client give up, not with this error.
 *
 * @example
 * try {
 *   for await (const event of live.subscribe("newHeads")) console.log(event.type);
 * } catch (err) {
 *   if (err instanceof SubscriptionError && err.reason === "reorgTooDeep") console.log("subscribe again with fromBlock");
 * }
 */
export class SubscriptionError extends ChainkitError {
  override name = "SubscriptionError";
  /** The subscription's kind, e.g. `newHeads`. */
  readonly subscription: string;
  readonly reason: SubscriptionErrorReason;

  constructor(init: { subscription: string; reason: SubscriptionErrorReason; message: string }) {
    super(`The ${init.subscription} subscription ended: ${init.message}`);
    this.subscription = init.subscription;
    this.reason = init.reason;
  }
}
