import type { FrontendOrder, OpenOrder } from "../../../generated/exchange/types.js";
import type { Account, BuilderFee } from "./account.js";
import type { MarketAsset } from "./market.js";
import { fromUnits } from "./units.js";

/** Where an order is: on the book, waiting for its trigger, waiting for its parent to fill, or done. */
export type OrderPlace = "book" | "trigger" | "dormant" | "closed";

/** Everything the venue knows about one order, open or not. */
export interface OrderRecord {
  oid: number;
  account: Account;
  asset: MarketAsset;
  isBuy: boolean;
  /** Limit price, in units. */
  px: bigint;
  origSz: bigint;
  /** What is left to fill, in units. */
  sz: bigint;
  reduceOnly: boolean;
  cloid: string | undefined;
  timestamp: number;
  /** Time in force of a limit order; null for a trigger order. */
  tif: string | null;
  trigger: { isMarket: boolean; px: bigint; tpsl: "tp" | "sl" } | undefined;
  isPositionTpsl: boolean;
  /** The parent order of a `normalTpsl` take-profit or stop-loss. */
  parent: number | undefined;
  children: number[];
  place: OrderPlace;
  /** `open`, `filled`, `canceled`, `triggered`, `scheduledCancel`, `badAloPxRejected`, … */
  status: string;
  statusTimestamp: number;
  /** The TWAP order this is a slice of. */
  twapId?: number | undefined;
  /** The builder fee the order pays on each fill. */
  builder?: BuilderFee | undefined;
}

/**
 * Whether the order still rests, waits for its trigger, or waits for its parent.
 *
 * @example
 * const venue = new Venue({ firstOid: 1, firstTid: 1, now: Date.now });
 * venue.openOrders(address); // the orders for which isOpen holds
 */
export function isOpen(record: OrderRecord): boolean {
  return record.place !== "closed";
}

/** The price condition of a trigger order, as the service words it. */
function triggerCondition(record: OrderRecord): string {
  if (!record.trigger) return "N/A";
  // A buy stop and a sell take-profit fire on a rise; a sell stop and a buy take-profit on a fall.
  const rises = record.isBuy === (record.trigger.tpsl === "sl");
  return `Price ${rises ? "above" : "below"} ${fromUnits(record.trigger.px)}`;
}

function orderType(record: OrderRecord): string {
  if (record.trigger) {
    return `${record.trigger.tpsl === "tp" ? "Take Profit" : "Stop"} ${record.trigger.isMarket ? "Market" : "Limit"}`;
  }
  return record.tif === "FrontendMarket" ? "Market" : "Limit";
}

/** The fields every view of an order starts with, in the service's order. */
function orderBasics(
  record: OrderRecord,
): Pick<FrontendOrder, "coin" | "side" | "limitPx" | "sz" | "oid" | "timestamp" | "origSz"> {
  return {
    coin: record.asset.coin,
    side: record.isBuy ? "B" : "A",
    limitPx: fromUnits(record.px),
    sz: fromUnits(record.sz),
    oid: record.oid,
    timestamp: record.timestamp,
    origSz: fromUnits(record.origSz),
  };
}

/**
 * An order as `openOrders` shows it.
 *
 * @example
 * const venue = new Venue({ firstOid: 1, firstTid: 1, now: Date.now });
 * venue.openOrders(address); // each order as openOrderView writes it: { coin, side, limitPx, sz, oid, ... }
 */
export function openOrderView(record: OrderRecord): OpenOrder {
  return {
    ...orderBasics(record),
    ...(record.cloid !== undefined && { cloid: record.cloid }),
    reduceOnly: record.reduceOnly,
  };
}

/**
 * An order as `frontendOpenOrders` and `orderStatus` show it, with its children.
 *
 * @param record - The order.
 * @param children - Its take-profit/stop-loss children, already shown.
 * @example
 * const venue = new Venue({ firstOid: 1, firstTid: 1, now: Date.now });
 * venue.frontendOpenOrders(address); // each order as frontendOrderView writes it
 */
export function frontendOrderView(record: OrderRecord, children: FrontendOrder[] = []): FrontendOrder {
  return {
    ...orderBasics(record),
    triggerCondition: triggerCondition(record),
    isTrigger: record.trigger !== undefined,
    triggerPx: fromUnits(record.trigger?.px ?? 0n),
    children,
    isPositionTpsl: record.isPositionTpsl,
    reduceOnly: record.reduceOnly,
    orderType: orderType(record),
    tif: record.tif,
    cloid: record.cloid ?? null,
  };
}
