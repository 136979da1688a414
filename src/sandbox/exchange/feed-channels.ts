import type {
  Candles,
  HistoricalOrders,
  L2Book,
  LedgerUpdates,
  MetaAndAssetCtxs,
  WsFunding,
  WsOrderUpdate,
  WsTrade,
} from "../../../generated/exchange/types.js";
import { MARKET } from "./market.js";
import { fromUnits } from "./units.js";
import type { Trade, Venue } from "./venue.js";

/** Where a channel's data comes from: the surface's own `/info` answers, and the venue's trades and fills. */
export interface FeedSource {
  /** Answers one `/info` query as HTTP would (the body of a 200). */
  info(body: Record<string, unknown>): Promise<unknown>;
  venue: Venue;
}

/** What a subscription has been sent so far, so only changes follow. */
export interface ChannelState {
  /** The last whole state sent (as JSON), for books, mids, contexts and candles. */
  last?: string;
  /** How many trades, fills or ledger updates were sent up to (funding: the time of the last payment sent). */
  cursor: number;
  /** Each order's status sent (`status@statusTimestamp`), for order updates. */
  orders: Map<number, string>;
}

/** A subscription object as the sandbox reads it. */
export type FeedRequest = Record<string, unknown> & { type: string };

/** The latest fills sent on subscribing to `userFills` (the service sends a bounded snapshot too). */
const SNAPSHOT_FILLS = 2000;
/** The latest trades sent on subscribing to `trades`. */
const RECENT_TRADES = 20;
const CANDLE_MS: Readonly<Record<string, number>> = {
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
};

/**
 * The first message of a new subscription (its snapshot), or `undefined` when the channel starts
 * with none (`orderUpdates`, `userEvents`, `notification`); `state` is set to what it covers.
 *
 * @example
 * const surface = createExchangeSurface();
 * const source = { venue: surface.venue, info: async (body: Record<string, unknown>) => body };
 * const state = { cursor: 0, orders: new Map() };
 * await snapshotOf(source, { type: "l2Book", coin: "BTC" }, state); // the book now
 */
export async function snapshotOf(source: FeedSource, request: FeedRequest, state: ChannelState) {
  const user = typeof request.user === "string" ? request.user.toLowerCase() : "";
  switch (request.type) {
    case "trades": {
      const trades = tradesOf(source.venue, request.coin);
      state.cursor = trades.length;
      return trades.length > 0 ? trades.slice(-RECENT_TRADES).map(wireTrade) : undefined;
    }
    case "userFills": {
      const fills = fillsOf(source.venue, user);
      state.cursor = fills.length;
      return { isSnapshot: true, user, fills: fills.slice(-SNAPSHOT_FILLS) };
    }
    case "userEvents":
      state.cursor = fillsOf(source.venue, user).length;
      return undefined;
    case "orderUpdates":
      for (const entry of await historicalOrders(source, user))
        state.orders.set(entry.order.oid, statusKey(entry));
      return undefined;
    case "userFundings": {
      const fundings = fundingsSince(source.venue, user, Number.NEGATIVE_INFINITY);
      state.cursor = fundings.at(-1)?.time ?? 0;
      return { isSnapshot: true, user, fundings };
    }
    case "userNonFundingLedgerUpdates": {
      const updates = await ledgerOf(source, user);
      state.cursor = updates.length;
      return { isSnapshot: true, user, nonFundingLedgerUpdates: updates };
    }
    case "notification":
      return undefined;
    default:
      return changesOf(source, request, state);
  }
}

/**
 * What a subscription is to be sent after the venue changed, or `undefined` when nothing changed
 * for it: whole-state channels send their new state, event channels what happened since the last
 * message.
 *
 * @example
 * const surface = createExchangeSurface();
 * const source = { venue: surface.venue, info: async (body: Record<string, unknown>) => body };
 * const state = { cursor: 0, orders: new Map() };
 * await changesOf(source, { type: "orderUpdates", user: address }, state); // [{ order, status: "canceled", statusTimestamp }]
 */
export async function changesOf(
  source: FeedSource,
  request: FeedRequest,
  state: ChannelState,
): Promise<unknown | undefined> {
  const user = typeof request.user === "string" ? request.user.toLowerCase() : "";
  switch (request.type) {
    case "allMids": {
      const mids = await source.info({ type: "allMids" });
      return changed(state, mids, { mids, ...(typeof request.dex === "string" && { dex: request.dex }) });
    }
    case "l2Book": {
      const book = (await source.info({ type: "l2Book", coin: request.coin })) as L2Book;
      return changed(state, book.levels, book);
    }
    case "bbo": {
      const book = (await source.info({ type: "l2Book", coin: request.coin })) as L2Book;
      const bbo = [book.levels[0][0] ?? null, book.levels[1][0] ?? null];
      return changed(state, bbo, { coin: book.coin, time: book.time, bbo });
    }
    case "activeAssetCtx": {
      const [meta, contexts] = (await source.info({ type: "metaAndAssetCtxs" })) as MetaAndAssetCtxs;
      const index = meta.universe.findIndex((asset) => asset.name === request.coin);
      const ctx = contexts[index];
      return ctx === undefined ? undefined : changed(state, ctx, { coin: request.coin, ctx });
    }
    case "candle": {
      const interval = String(request.interval);
      const length =
        (Number.parseInt(interval, 10) || 1) * (CANDLE_MS[interval.at(-1) ?? "m"] ?? 2_592_000_000);
      const endTime = Date.now();
      const candles = (await source.info({
        type: "candleSnapshot",
        req: { coin: request.coin, interval, startTime: endTime - 2 * length, endTime },
      })) as Candles;
      const candle = candles.at(-1);
      return candle === undefined ? undefined : changed(state, candle, candle);
    }
    case "trades": {
      const trades = tradesOf(source.venue, request.coin);
      const fresh = trades.slice(state.cursor);
      state.cursor = trades.length;
      return fresh.length > 0 ? fresh.map(wireTrade) : undefined;
    }
    case "userFills":
    case "userEvents": {
      const fills = fillsOf(source.venue, user);
      const fresh = fills.slice(state.cursor);
      state.cursor = fills.length;
      if (fresh.length === 0) return undefined;
      return request.type === "userFills" ? { user, fills: fresh } : { fills: fresh };
    }
    case "orderUpdates": {
      const updates: WsOrderUpdate[] = [];
      for (const entry of [...(await historicalOrders(source, user))].reverse()) {
        const key = statusKey(entry);
        if (state.orders.get(entry.order.oid) === key) continue;
        state.orders.set(entry.order.oid, key);
        const { coin, side, limitPx, sz, oid, timestamp, origSz, cloid } = entry.order;
        const order = { coin, side, limitPx, sz, oid, timestamp, origSz, ...(cloid && { cloid }) };
        updates.push({ order, status: entry.status, statusTimestamp: entry.statusTimestamp });
      }
      return updates.length > 0 ? updates : undefined;
    }
    case "userFundings": {
      const fresh = fundingsSince(source.venue, user, state.cursor);
      state.cursor = fresh.at(-1)?.time ?? state.cursor;
      return fresh.length > 0 ? { user, fundings: fresh } : undefined;
    }
    case "userNonFundingLedgerUpdates": {
      const updates = await ledgerOf(source, user);
      const fresh = updates.slice(state.cursor);
      state.cursor = updates.length;
      return fresh.length > 0 ? { user, nonFundingLedgerUpdates: fresh } : undefined;
    }
    default:
      return undefined;
  }
}

/** `data` when `whole` differs from what was sent last, remembering it. */
function changed(state: ChannelState, whole: unknown, data: unknown): unknown | undefined {
  const text = JSON.stringify(whole);
  if (text === state.last) return undefined;
  state.last = text;
  return data;
}

function tradesOf(venue: Venue, coin: unknown): Trade[] {
  const asset = MARKET.find((candidate) => candidate.coin === coin);
  return asset ? venue.trades(asset) : [];
}

function wireTrade(trade: Trade): WsTrade {
  return {
    coin: trade.asset.coin,
    side: trade.side,
    px: fromUnits(trade.px),
    sz: fromUnits(trade.sz),
    time: trade.time,
    hash: `0x${"0".repeat(64)}`,
    tid: trade.tid,
    users: trade.users,
  };
}

/**
 * The user's funding payments after `time`, as the feed writes them. Kept by time rather than by
 * count: an account keeps its latest payments only, and every payment of one boundary is made at once.
 */
function fundingsSince(venue: Venue, user: string, time: number): WsFunding[] {
  const paid = venue.existing(user)?.fundings ?? [];
  return paid
    .filter((payment) => payment.time > time)
    .map(({ time, delta }) => ({
      time,
      coin: delta.coin,
      usdc: delta.usdc,
      szi: delta.szi,
      fundingRate: delta.fundingRate,
      nSamples: delta.nSamples ?? null,
    }));
}

function fillsOf(venue: Venue, user: string): readonly unknown[] {
  return (venue.existing(user)?.fills ?? []) as readonly unknown[];
}

function statusKey(entry: HistoricalOrders[number]): string {
  return `${entry.status}@${entry.statusTimestamp}`;
}

async function historicalOrders(source: FeedSource, user: string): Promise<HistoricalOrders> {
  return (await source.info({ type: "historicalOrders", user })) as HistoricalOrders;
}

async function ledgerOf(source: FeedSource, user: string): Promise<LedgerUpdates> {
  return (await source.info({ type: "userNonFundingLedgerUpdates", user, startTime: 0 })) as LedgerUpdates;
}
