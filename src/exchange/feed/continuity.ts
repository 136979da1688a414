import type {
  Fill,
  HistoricalOrders,
  WsOrderUpdate,
  WsOrderUpdates,
  WsTrades,
  WsUserFills,
} from "../../../generated/exchange/types.js";
import { RecentKeys } from "../../runtime/recent-keys.js";

/** How one subscription's messages go on across reconnects. */
export interface Continuity {
  /** The subscription was made again on a new socket. */
  reconnected(): void;
  /** A checked message's `data`; what to deliver is handed to `deliver`. */
  receive(data: unknown): void;
}

/** Trades and fills remembered to drop repeats (more than a reconnect's snapshot resends). */
const REMEMBERED = 10_000;

/** Books, mids, contexts, candles: every message is whole; funding and ledger snapshots are marked. */
export function passThrough(deliver: (data: unknown) => void): Continuity {
  return { reconnected() {}, receive: deliver };
}

/**
 * Trades: on subscribing the service sends its latest trades, again after every reconnect; those
 * already delivered are dropped by trade id.
 */
export function tradesContinuity(deliver: (data: unknown) => void): Continuity {
  const seen = new RecentKeys(REMEMBERED);
  return {
    reconnected() {},
    receive(data) {
      const fresh = (data as WsTrades).filter((trade) => !seen.has(String(trade.tid)));
      for (const trade of fresh) seen.add(String(trade.tid));
      if (fresh.length > 0) deliver(fresh);
    },
  };
}

/** What tells two fills apart: the trade id, or (older answers have none) hash, order and size. */
function fillKey(fill: Fill): string {
  return fill.tid !== undefined ? `t${fill.tid}` : `${fill.hash}/${fill.oid}/${fill.px}/${fill.sz}`;
}

/** Reads a user's fills from `startTime` on, oldest first (`userFillsByTime`, page after page). */
export type FillsSince = (startTime: number) => AsyncIterable<Fill>;

/**
 * `userFills`: the first snapshot is delivered as it is (`isSnapshot: true`). After a reconnect the
 * new snapshot is not: the fills made since the last one delivered are read from `userFillsByTime`
 * and delivered as one message (no `isSnapshot`), messages arriving meanwhile wait, and every fill
 * already delivered is dropped, so none is missed or repeated. A failed read ends the subscription
 * (`fail`) rather than skip fills.
 */
export function fillsContinuity(
  deliver: (data: unknown) => void,
  fillsSince: FillsSince,
  fail: (error: unknown) => void,
): Continuity {
  const seen = new RecentKeys(REMEMBERED);
  let latest: number | undefined;
  /** When the first snapshot came: where a gap starts when no fill was delivered yet. */
  let subscribedAt: number | undefined;
  let waiting: { snapshot: boolean; held: WsUserFills[] } | undefined;

  const fresh = (fills: readonly Fill[]) => {
    const kept = fills.filter((fill) => !seen.has(fillKey(fill)));
    for (const fill of kept) {
      seen.add(fillKey(fill));
      if (latest === undefined || fill.time > latest) latest = fill.time;
    }
    return kept;
  };

  const pass = (data: WsUserFills) => {
    const fills = fresh(data.fills);
    if (fills.length > 0 || data.isSnapshot) deliver({ ...data, fills });
  };

  async function fillGap(user: string, held: WsUserFills[]): Promise<void> {
    const missed: Fill[] = [];
    // The walk ends at the service's now, after the new subscription began: later fills arrive live.
    for await (const fill of fillsSince(latest ?? subscribedAt ?? 0)) missed.push(fill);
    waiting = undefined;
    const fills = fresh(missed);
    if (fills.length > 0) deliver({ user, fills });
    for (const data of held) pass(data);
  }

  return {
    reconnected() {
      if (subscribedAt !== undefined) waiting = { snapshot: true, held: [] };
    },
    receive(data) {
      const message = data as WsUserFills;
      if (subscribedAt === undefined) {
        subscribedAt = Date.now();
        pass(message);
        return;
      }
      if (waiting === undefined) return pass(message);
      const current = waiting;
      if (!(current.snapshot && message.isSnapshot)) current.held.push(message);
      if (!current.snapshot) return;
      current.snapshot = false;
      fillGap(message.user, current.held).catch(fail);
    },
  };
}

/** Reads the user's orders with their latest status (`historicalOrders`). */
export type OrdersNow = () => Promise<HistoricalOrders>;

function updateKey(update: WsOrderUpdate): string {
  return `${update.order.oid}|${update.status}|${update.statusTimestamp}`;
}

/**
 * `orderUpdates`: after a reconnect, the status changes made while the socket was down are read from
 * `historicalOrders` (sent after the new subscription, so it covers up to it) and delivered as one
 * message, oldest first, before the messages that arrived meanwhile; repeats are dropped. An order
 * that changed twice while the socket was down shows its latest status. A failed read ends the
 * subscription (`fail`) rather than skip updates.
 */
export function orderUpdatesContinuity(
  deliver: (data: unknown) => void,
  ordersNow: OrdersNow,
  fail: (error: unknown) => void,
): Continuity {
  const seen = new RecentKeys(REMEMBERED);
  let latest = Date.now();
  let waiting: WsOrderUpdates[] | undefined;

  const pass = (updates: readonly WsOrderUpdate[]) => {
    const fresh = updates.filter((update) => !seen.has(updateKey(update)));
    for (const update of fresh) {
      seen.add(updateKey(update));
      if (update.statusTimestamp > latest) latest = update.statusTimestamp;
    }
    if (fresh.length > 0) deliver(fresh);
  };

  async function fillGap(held: WsOrderUpdates[]): Promise<void> {
    const since = latest;
    const missed = (await ordersNow())
      .filter((entry) => entry.statusTimestamp >= since)
      .sort((a, b) => a.statusTimestamp - b.statusTimestamp)
      .map(({ order, status, statusTimestamp }): WsOrderUpdate => {
        const { coin, side, limitPx, sz, oid, timestamp, origSz, cloid } = order;
        return {
          order: { coin, side, limitPx, sz, oid, timestamp, origSz, ...(cloid && { cloid }) },
          status,
          statusTimestamp,
        };
      });
    waiting = undefined;
    pass(missed);
    for (const updates of held) pass(updates);
  }

  return {
    reconnected() {
      const held: WsOrderUpdates[] = [];
      waiting = held;
      fillGap(held).catch(fail);
    },
    receive(data) {
      if (waiting !== undefined) waiting.push(data as WsOrderUpdates);
      else pass(data as WsOrderUpdates);
    },
  };
}
