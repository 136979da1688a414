import type { Order } from "../../../generated/exchange/types.js";
import { MARKET, type MarketAsset } from "./market.js";
import type { OrderRecord } from "./order-record.js";
import { tickProblem } from "./tick-rules.js";
import { mul, ONE } from "./units.js";

/** The smallest order value the venue accepts, in USDC units. */
const MIN_ORDER_VALUE = 10n * ONE;

/** An order could not be placed: the service's message and the status `orderStatus` records. */
export interface Rejection {
  message: string;
  status: string;
}

/** What the checks need from the venue about the order's account. */
export interface AccountStanding {
  /** The account needs no margin (the seeded market maker). */
  unlimited: boolean;
  /** Margin held by the account's resting perpetual orders. */
  restingMargin: () => bigint;
  /** The mark price of an asset. */
  mark: (asset: MarketAsset) => bigint;
}

/**
 * The venue's checks before an order is accepted, in the service's words: tick and lot sizes, a
 * positive price and size, the $10 minimum, then the spot balance, reduce-only direction or perp
 * margin it needs (trigger orders and unlimited accounts skip the funds checks).
 *
 * @param record - The order as the venue recorded it.
 * @param order - The order as it was sent.
 * @param standing - The account's margin and the marks.
 * @returns The rejection, or undefined when the order may go on.
 * @example
 * const venue = new Venue({ firstOid: 1, firstTid: 1, now: Date.now });
 * const trader = venue.open(address, 100_000n * ONE);
 * venue.place(trader, { a: 0, b: true, p: "60000", s: "0.0001", r: false, t: { limit: { tif: "Gtc" } } });
 * // { error: "Order must have minimum value of $10. asset=0" }, from orderRejection
 */
export function orderRejection(
  record: OrderRecord,
  order: Order,
  standing: AccountStanding,
): Rejection | undefined {
  const { asset, account } = record;
  const triggerPx = "trigger" in order.t ? order.t.trigger.triggerPx : undefined;
  const tick = tickProblem({ p: order.p, s: order.s, ...(triggerPx !== undefined && { triggerPx }) }, asset);
  if (tick) return { message: tick, status: tick.startsWith("Price") ? "tickRejected" : "rejected" };
  // A size of 0 is the whole position, for a position's take-profit or stop-loss only (it is sized when it fires).
  const wholePosition = record.sz === 0n && record.isPositionTpsl;
  if (record.sz === 0n && !wholePosition) return { message: "Order has zero size.", status: "rejected" };
  if (record.px === 0n)
    return { message: `Order price must be positive. asset=${asset.index}`, status: "rejected" };
  if (!record.reduceOnly && !wholePosition && mul(record.px, record.sz) < MIN_ORDER_VALUE) {
    return {
      message: `Order must have minimum value of $10. asset=${asset.index}`,
      status: "minTradeNtlRejected",
    };
  }
  if (standing.unlimited || record.trigger) return undefined;
  if (asset.kind === "spot") {
    const token = record.isBuy ? 0 : (asset.baseToken ?? 0);
    const needed = record.isBuy ? mul(record.px, record.sz) : record.sz;
    if ((account.spot.get(token) ?? 0n) < needed) {
      return { message: `Insufficient spot balance. asset=${asset.index}`, status: "rejected" };
    }
    return undefined;
  }
  if (record.reduceOnly) {
    const size = account.size(asset);
    if (size === 0n || size > 0n === record.isBuy) {
      return {
        message: `Reduce only order would increase position. asset=${asset.index}`,
        status: "reduceOnlyRejected",
      };
    }
    return undefined;
  }
  const needed = account.marginFor(asset, mul(record.px, record.sz)) + standing.restingMargin();
  if (needed > account.freeCrossMargin(standing.mark, MARKET)) {
    return {
      message: `Insufficient margin to place order. asset=${asset.index}`,
      status: "perpMarginRejected",
    };
  }
  return undefined;
}
