import { ChainkitError } from "../../runtime/errors/chainkit-error.js";

/**
 * A subscription whose every message counts (trades, fills, order updates, user events, funding,
 * ledger updates, notifications) ended because its consumer fell `limit` messages behind: rather
 * than drop one silently, the feed stops it. Read faster (hand the work to a queue of your own), or
 * raise `maxBuffered`.
 *
 * @example
 * const feed = createExchangeFeed({ baseUrl });
 * try { for await (const fills of feed.subscribe({ type: "userFills", user: address })) console.log(fills.fills.length); } catch (err) {
 *   if (err instanceof FeedOverflowError) console.log(err.subscription, err.limit);
 * }
 */
export class FeedOverflowError extends ChainkitError {
  override name = "FeedOverflowError";
  /** The subscription's `type`. */
  readonly subscription: string;
  /** The `maxBuffered` it went past. */
  readonly limit: number;

  constructor(subscription: string, limit: number) {
    super(`The ${subscription} subscription ended: its consumer fell ${limit} messages behind`, {
      details:
        "its messages are never dropped, so it stopped instead; read faster, or give a larger maxBuffered",
    });
    this.subscription = subscription;
    this.limit = limit;
  }
}
