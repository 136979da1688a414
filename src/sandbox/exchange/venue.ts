import type {
  AllMids,
  CancelStatus,
  ClearinghouseState,
  FrontendOpenOrders,
  HistoricalOrders,
  L2Book,
  OpenOrders,
  Order,
  OrderStatusAnswer,
  PlacementStatus,
  SpotClearinghouseState,
  UserFills,
} from "../../../generated/exchange/types.js";
import { Account, type BuilderFee } from "./account.js";
import { Book } from "./book.js";
import { FUNDING_INTERVAL_MS, fundingRate } from "./funding.js";
import { MARKET, type MarketAsset, SPOT_TOKENS } from "./market.js";
import { orderRejection } from "./order-checks.js";
import { frontendOrderView, isOpen, type OrderRecord, openOrderView } from "./order-record.js";
import { abs, div, fromUnits, mul, toUnits } from "./units.js";

/** Options of a {@link Venue}. */
export interface VenueOptions {
  /** The first order id handed out. */
  firstOid: number;
  /** The first trade id handed out. */
  firstTid: number;
  /** The clock, in milliseconds. */
  now: () => number;
  /** How often funding is paid, in milliseconds (default an hour, as on the service). */
  fundingInterval?: number;
}

/** One trade of the venue, as candles and funding are derived from it and the trades feed sends it. */
export interface Trade {
  asset: MarketAsset;
  px: bigint;
  sz: bigint;
  time: number;
  /** Trade id, shared by both fills. */
  tid: number;
  /** The taker's side: `B` when it bought. */
  side: "B" | "A";
  /** `[buyer, seller]`. */
  users: [string, string];
}

/** Grouping of an `order` action. */
export type Grouping = "na" | "normalTpsl" | "positionTpsl";

/** The earliest a scheduled cancel may be, after now. */
const SCHEDULE_MIN_DELAY_MS = 5_000;
/** Enough rounds of triggers firing one another; the venue has no more orders than that in a test. */
const MAX_TRIGGER_ROUNDS = 100;

/**
 * A small but honest exchange: a book per asset with price-time matching, limit orders by time in
 * force (`Gtc` rests, `Ioc` takes what it can, `Alo` only rests), trigger orders that wait for their
 * price (fired by trades), take-profit/stop-loss children waiting for their parent, cancels,
 * scheduled cancels, leverage and isolated margin per asset, positions, fees and fills per account.
 * Everything the info queries answer is read from this state.
 *
 * @example
 * const venue = new Venue({ firstOid: 1, firstTid: 1, now: Date.now });
 * const trader = venue.open(address, 100_000n * ONE);
 * venue.place(trader, { a: 0, b: true, p: "59000", s: "0.01", r: false, t: { limit: { tif: "Gtc" } } }); // { resting: { oid: 1 } }
 */
export class Venue {
  readonly #orders = new Map<number, OrderRecord>();
  readonly #accounts = new Map<string, Account>();
  readonly #books = new Map<number, Book>(MARKET.map((asset) => [asset.index, new Book()]));
  readonly #marks = new Map<number, bigint>(MARKET.map((asset) => [asset.index, toUnits(asset.mark)]));
  /** Accounts that need no margin (the seeded market maker). */
  readonly #unlimited = new Set<string>();
  readonly #trades: Trade[] = [];
  readonly #now: () => number;
  #nextOid: number;
  #nextTid: number;
  /** How often funding is paid, in milliseconds. */
  readonly fundingInterval: number;
  /** Funding is paid up to this time. */
  #fundedUntil: number;

  constructor(options: VenueOptions) {
    this.#now = options.now;
    this.#nextOid = options.firstOid;
    this.#nextTid = options.firstTid;
    this.fundingInterval = options.fundingInterval ?? FUNDING_INTERVAL_MS;
    this.#fundedUntil = options.now();
  }

  /**
   * Pays funding for every interval boundary passed since the last call, at the rate of each perpetual
   * (from its mark: no trade happens between a boundary and the call, as every action calls this first).
   */
  settleFunding(): void {
    const now = this.#now();
    const interval = this.fundingInterval;
    for (
      let boundary = this.#fundedUntil - (this.#fundedUntil % interval) + interval;
      boundary <= now;
      boundary += interval
    ) {
      for (const asset of MARKET) {
        if (asset.kind !== "perp") continue;
        const px = this.mark(asset);
        const rate = fundingRate(px, asset);
        for (const account of this.#accounts.values()) account.payFunding(asset, boundary, rate, px);
      }
    }
    this.#fundedUntil = now;
  }

  /** Opens an account with a cross-margin USDC balance (and the same in spot USDC). */
  open(
    address: string,
    usdc: bigint,
    options: { unlimited?: boolean; spot?: Record<number, bigint> } = {},
  ): Account {
    const account = new Account(address.toLowerCase(), usdc);
    account.spot.set(0, usdc);
    for (const [token, amount] of Object.entries(options.spot ?? {})) account.spot.set(Number(token), amount);
    this.#accounts.set(account.address, account);
    if (options.unlimited) this.#unlimited.add(account.address);
    return account;
  }

  /** The account of an address, opened empty on first use (a vault or subaccount the sandbox did not seed). */
  account(address: string): Account {
    const key = address.toLowerCase();
    return this.#accounts.get(key) ?? this.open(key, 0n);
  }

  /** The asset with this index, if the venue trades it. */
  asset(index: number): MarketAsset | undefined {
    return MARKET.find((asset) => asset.index === index);
  }

  /** The current mark of an asset: its last trade price (the seeded reference before any trade). */
  mark(asset: MarketAsset): bigint {
    return this.#marks.get(asset.index) ?? toUnits(asset.mark);
  }

  #book(asset: MarketAsset): Book {
    return this.#books.get(asset.index) as Book;
  }

  // ---- actions ----------------------------------------------------------------------------------

  /**
   * Places the orders of one `order` action, in order, each on its own.
   *
   * @returns One status per order.
   */
  placeAll(
    account: Account,
    orders: readonly Order[],
    grouping: Grouping,
    builder?: BuilderFee,
  ): PlacementStatus[] {
    // In a normalTpsl group the first order is the parent of the take-profit and stop-loss after it.
    let parent: OrderRecord | undefined;
    return orders.map((order, index) => {
      const placed = this.#place(account, order, {
        parent: grouping === "normalTpsl" && index > 0 ? parent : undefined,
        isPositionTpsl: grouping === "positionTpsl",
        builder,
      });
      if (index === 0) parent = placed.record;
      return placed.status;
    });
  }

  /**
   * Places one order: checks it, matches it or rests it by its time in force, or waits for its
   * trigger.
   *
   * @returns Its status, as the service reports it.
   */
  place(account: Account, order: Order, options: { twapId?: number } = {}): PlacementStatus {
    return this.#place(account, order, options).status;
  }

  #place(
    account: Account,
    order: Order,
    group: {
      parent?: OrderRecord | undefined;
      isPositionTpsl?: boolean;
      twapId?: number;
      builder?: BuilderFee | undefined;
    },
  ): { status: PlacementStatus; record?: OrderRecord } {
    const asset = this.asset(order.a);
    if (!asset) return { status: { error: `Asset ${order.a} is out of range.` } };
    const trigger = "trigger" in order.t ? order.t.trigger : undefined;
    const now = this.#now();
    const record: OrderRecord = {
      oid: this.#nextOid++,
      account,
      asset,
      isBuy: order.b,
      px: toUnits(order.p),
      origSz: toUnits(order.s),
      sz: toUnits(order.s),
      reduceOnly: order.r,
      cloid: order.c,
      timestamp: now,
      tif: "limit" in order.t ? order.t.limit.tif : null,
      trigger: trigger && { isMarket: trigger.isMarket, px: toUnits(trigger.triggerPx), tpsl: trigger.tpsl },
      isPositionTpsl: group.isPositionTpsl === true && trigger !== undefined,
      parent: group.parent && isOpen(group.parent) && trigger ? group.parent.oid : undefined,
      children: [],
      place: "closed",
      status: "open",
      statusTimestamp: now,
      twapId: group.twapId,
      builder: group.builder,
    };
    this.#orders.set(record.oid, record);
    const refused = orderRejection(record, order, {
      unlimited: this.#unlimited.has(record.account.address),
      restingMargin: () => this.#restingMargin(record.account),
      mark: (asset) => this.mark(asset),
    });
    if (refused) {
      this.#close(record, refused.status);
      return { status: { error: refused.message }, record };
    }
    if (record.trigger) return { status: this.#await(record, group.parent), record };
    const status = this.#execute(record);
    this.#fireTriggers(asset);
    return { status, record };
  }

  /** The cross USDC an account may move out: free margin, less what its resting orders hold. */
  withdrawable(account: Account): bigint {
    return account.freeCrossMargin((asset) => this.mark(asset), MARKET) - this.#restingMargin(account);
  }

  /** Margin held by an account's resting perpetual orders. */
  #restingMargin(account: Account): bigint {
    let held = 0n;
    for (const record of this.#orders.values()) {
      if (
        record.account === account &&
        record.place === "book" &&
        record.asset.kind === "perp" &&
        !record.reduceOnly
      ) {
        held += account.marginFor(record.asset, mul(record.px, record.sz));
      }
    }
    return held;
  }

  /** A trigger order waits: for its parent to fill, or for its price. */
  #await(record: OrderRecord, parent: OrderRecord | undefined): PlacementStatus {
    if (record.parent !== undefined && parent) {
      parent.children.push(record.oid);
      if (parent.place !== "closed") {
        record.place = "dormant";
        return "waitingForFill";
      }
    }
    record.place = "trigger";
    // A trigger whose price is already reached fires at once.
    if (this.#triggered(record)) this.#fire(record);
    return "waitingForTrigger";
  }

  #triggered(record: OrderRecord): boolean {
    if (!record.trigger) return false;
    const mark = this.mark(record.asset);
    const rises = record.isBuy === (record.trigger.tpsl === "sl");
    return rises ? mark >= record.trigger.px : mark <= record.trigger.px;
  }

  /** Executes a limit order now: match, then rest (`Gtc`), cancel the rest (`Ioc`), or refuse (`Alo` that would match). */
  #execute(record: OrderRecord): PlacementStatus {
    const { asset } = record;
    const book = this.#book(asset);
    const cloid = record.cloid !== undefined ? { cloid: record.cloid } : {};
    if (record.tif === "Alo" && book.crosses(record.isBuy, record.px)) {
      const { bid, ask } = book.bbo();
      this.#close(record, "badAloPxRejected");
      return {
        error: `Post only order would have immediately matched, bbo was ${fromUnits(bid ?? 0n)}@${fromUnits(ask ?? 0n)}. asset=${asset.index}`,
      };
    }
    const matches = book.match(
      { account: record.account.address, isBuy: record.isBuy, px: record.px, sz: record.sz },
      (entry) => this.#close(this.#orders.get(entry.oid) as OrderRecord, "selfTradeCanceled"),
    );
    let filled = 0n;
    let paid = 0n;
    for (const match of matches) {
      this.#trade(record, this.#orders.get(match.maker.oid) as OrderRecord, match.px, match.sz);
      filled += match.sz;
      paid += mul(match.px, match.sz);
    }
    const avgPx = filled === 0n ? 0n : div(paid, filled);
    if (record.sz === 0n) {
      this.#close(record, "filled");
      this.#activateChildren(record);
      return { filled: { totalSz: fromUnits(filled), avgPx: fromUnits(avgPx), oid: record.oid, ...cloid } };
    }
    if (record.tif === "Gtc" || record.tif === "Alo") {
      record.place = "book";
      book.add({
        oid: record.oid,
        account: record.account.address,
        isBuy: record.isBuy,
        px: record.px,
        sz: record.sz,
      });
      return { resting: { oid: record.oid, ...cloid } };
    }
    // Ioc and FrontendMarket: the rest is canceled.
    if (filled === 0n) {
      this.#close(record, "iocCancelRejected");
      return { error: `Order could not immediately match against any resting orders. asset=${asset.index}` };
    }
    this.#close(record, "canceled");
    return { filled: { totalSz: fromUnits(filled), avgPx: fromUnits(avgPx), oid: record.oid, ...cloid } };
  }

  /** One trade between a taker and a maker, at the maker's price. */
  #trade(taker: OrderRecord, maker: OrderRecord, px: bigint, sz: bigint): void {
    const tid = this.#nextTid++;
    const time = this.#now();
    for (const [record, crossed] of [
      [taker, true],
      [maker, false],
    ] as const) {
      record.account.trade({
        asset: record.asset,
        isBuy: record.isBuy,
        px,
        sz,
        crossed,
        oid: record.oid,
        cloid: record.cloid,
        time,
        tid,
        twapId: record.twapId,
        builder: record.builder,
      });
      record.sz -= sz;
    }
    const [buyer, seller] = taker.isBuy ? [taker, maker] : [maker, taker];
    this.#trades.push({
      asset: taker.asset,
      px,
      sz,
      time,
      tid,
      side: taker.isBuy ? "B" : "A",
      users: [buyer.account.address, seller.account.address],
    });
    this.#marks.set(taker.asset.index, px);
    if (maker.sz === 0n) {
      this.#close(maker, "filled");
      this.#activateChildren(maker);
    }
  }

  /** A parent filled: its take-profit and stop-loss now wait for their prices. */
  #activateChildren(parent: OrderRecord): void {
    for (const oid of parent.children) {
      const child = this.#orders.get(oid);
      if (child?.place === "dormant") child.place = "trigger";
    }
  }

  /** Fires every trigger order of an asset whose price the mark has reached, until none is left. */
  #fireTriggers(asset: MarketAsset): void {
    for (let round = 0; round < MAX_TRIGGER_ROUNDS; round++) {
      const due = [...this.#orders.values()].find(
        (record) => record.asset === asset && record.place === "trigger" && this.#triggered(record),
      );
      if (!due) return;
      this.#fire(due);
    }
  }

  /** A trigger order's price was reached: it becomes a market (`Ioc`) or limit (`Gtc`) order at its limit price. */
  #fire(record: OrderRecord): void {
    record.status = "triggered";
    record.statusTimestamp = this.#now();
    if (record.parent !== undefined) {
      // A take-profit and a stop-loss of one parent: when one fires, the other is no longer needed.
      for (const oid of this.#orders.get(record.parent)?.children ?? []) {
        const sibling = this.#orders.get(oid);
        if (sibling && sibling !== record && isOpen(sibling)) this.#close(sibling, "siblingFilledCanceled");
      }
    }
    if (record.reduceOnly || record.isPositionTpsl) {
      const size = record.account.size(record.asset);
      const reducible = size === 0n || size > 0n === record.isBuy ? 0n : abs(size);
      if (reducible === 0n) {
        this.#close(record, "reduceOnlyCanceled");
        return;
      }
      // A position's take-profit or stop-loss of size 0 closes the whole position.
      if (record.sz > reducible || (record.isPositionTpsl && record.origSz === 0n)) record.sz = reducible;
    }
    record.tif = record.trigger?.isMarket ? "Ioc" : "Gtc";
    record.place = "closed";
    this.#execute(record);
    // #execute may have rested it: a triggered limit order waits on the book like any other.
    if ((record.place as OrderRecord["place"]) === "book") record.status = "open";
  }

  #close(record: OrderRecord, status: string): void {
    if (record.place === "book") this.#book(record.asset).remove(record.oid);
    record.place = "closed";
    record.status = status;
    record.statusTimestamp = this.#now();
  }

  /** Cancels an open order and its waiting children. */
  #cancelRecord(record: OrderRecord, status: string): void {
    this.#close(record, status);
    for (const oid of record.children) {
      const child = this.#orders.get(oid);
      if (child?.place === "dormant") this.#close(child, status);
    }
  }

  #findOpen(account: Account, ref: number | string): OrderRecord | undefined {
    if (typeof ref === "number") {
      const record = this.#orders.get(ref);
      return record && record.account === account && isOpen(record) ? record : undefined;
    }
    for (const record of this.#orders.values()) {
      if (record.account === account && record.cloid === ref && isOpen(record)) return record;
    }
    return undefined;
  }

  /**
   * Cancels one order, named by asset and order id or cloid.
   *
   * @returns `"success"`, or `{ error }` when it is not open.
   */
  cancel(account: Account, asset: number, ref: number | string): CancelStatus {
    const record = this.#findOpen(account, ref);
    if (!record || record.asset.index !== asset) {
      return { error: `Order was never placed, already canceled, or filled. asset=${asset}` };
    }
    this.#cancelRecord(record, "canceled");
    return "success";
  }

  /**
   * Replaces an open order (by order id or cloid) with a new one under a new order id.
   *
   * @returns The new order's status.
   */
  modify(account: Account, ref: number | string, order: Order): PlacementStatus {
    const old = this.#findOpen(account, ref);
    if (!old) return { error: "Cannot modify canceled or filled order" };
    this.#cancelRecord(old, "canceled");
    const status = this.place(account, order);
    if (typeof status === "object" && "error" in status) {
      return { error: `Error placing new order during modify: ${status.error}` };
    }
    return status;
  }

  /**
   * Schedules (or, without `time`, clears) the cancel of every open order of an account.
   *
   * @returns The refusal, or undefined when done.
   */
  scheduleCancel(account: Account, time: number | undefined): string | undefined {
    if (time === undefined) {
      account.scheduledCancel = undefined;
      return undefined;
    }
    if (time < this.#now() + SCHEDULE_MIN_DELAY_MS) {
      return "Scheduled cancel time too early, must be at least 5 seconds after current time";
    }
    account.scheduledCancel = time;
    return undefined;
  }

  /** Carries out every scheduled cancel that is due. Called before each request is handled. */
  runScheduledCancels(): void {
    const now = this.#now();
    for (const account of this.#accounts.values()) {
      if (account.scheduledCancel === undefined || account.scheduledCancel > now) continue;
      account.scheduledCancel = undefined;
      for (const record of this.#orders.values()) {
        if (record.account === account && isOpen(record)) this.#close(record, "scheduledCancel");
      }
    }
  }

  // ---- queries ----------------------------------------------------------------------------------

  /** Every open order of an account, newest first. */
  #openOf(user: string): OrderRecord[] {
    const account = this.#accounts.get(user.toLowerCase());
    if (!account) return [];
    return [...this.#orders.values()]
      .filter((record) => record.account === account && isOpen(record))
      .reverse();
  }

  /** The `openOrders` answer. */
  openOrders(user: string): OpenOrders {
    return this.#openOf(user).map(openOrderView);
  }

  #frontend(record: OrderRecord) {
    const children = record.children
      .map((oid) => this.#orders.get(oid))
      .filter((child): child is OrderRecord => child !== undefined && isOpen(child))
      .map((child) => frontendOrderView(child));
    return frontendOrderView(record, children);
  }

  /** The `frontendOpenOrders` answer. */
  frontendOpenOrders(user: string): FrontendOpenOrders {
    return this.#openOf(user).map((record) => this.#frontend(record));
  }

  /** The `orderStatus` answer, by order id or cloid. */
  orderStatus(user: string, ref: number | string): OrderStatusAnswer {
    const account = this.#accounts.get(user.toLowerCase());
    const cloid = typeof ref === "string" ? ref.toLowerCase() : undefined;
    const record = account
      ? [...this.#orders.values()]
          .reverse()
          .find(
            (candidate) =>
              candidate.account === account &&
              (cloid === undefined ? candidate.oid === ref : candidate.cloid === cloid),
          )
      : undefined;
    if (!record) return { status: "unknownOid" };
    return {
      status: "order",
      order: {
        order: this.#frontend(record),
        status: record.status,
        statusTimestamp: record.statusTimestamp,
      },
    };
  }

  /** The size of every long position in an asset, added up. */
  openInterest(asset: MarketAsset): bigint {
    let total = 0n;
    for (const account of this.#accounts.values()) {
      const size = account.size(asset);
      if (size > 0n) total += size;
    }
    return total;
  }

  /** How much of a spot token every account holds, added up. */
  totalHeld(token: number): bigint {
    let total = 0n;
    for (const account of this.#accounts.values()) total += account.spot.get(token) ?? 0n;
    return total;
  }

  /** The account of an address, if it has one (unlike {@link Venue.account}, opens none). */
  existing(address: string): Account | undefined {
    return this.#accounts.get(address.toLowerCase());
  }

  /** The trades of one asset, oldest first. */
  trades(asset: MarketAsset): Trade[] {
    return this.#trades.filter((trade) => trade.asset === asset);
  }

  /** The `historicalOrders` answer: the account's orders, open or not, newest first, at most 2000. */
  historicalOrders(user: string): HistoricalOrders {
    const account = this.#accounts.get(user.toLowerCase());
    if (!account) return [];
    return [...this.#orders.values()]
      .filter((record) => record.account === account)
      .reverse()
      .slice(0, 2000)
      .map((record) => ({
        order: this.#frontend(record),
        status: record.status,
        statusTimestamp: record.statusTimestamp,
      }));
  }

  /**
   * The `userFillsByTime` answer: the fills within the range, the earliest `pageSize` of them, oldest
   * first.
   */
  userFillsByTime(user: string, startTime: number, endTime: number, pageSize: number): UserFills {
    const account = this.#accounts.get(user.toLowerCase());
    if (!account) return [];
    return account.fills.filter((fill) => fill.time >= startTime && fill.time <= endTime).slice(0, pageSize);
  }

  /** The `spotClearinghouseState` answer: every token held, with what open spot orders hold. */
  spotState(user: string): SpotClearinghouseState {
    const account = this.#accounts.get(user.toLowerCase());
    if (!account) return { balances: [] };
    const holds = new Map<number, bigint>();
    for (const record of this.#orders.values()) {
      if (record.account !== account || record.place !== "book" || record.asset.kind !== "spot") continue;
      const token = record.isBuy ? 0 : (record.asset.baseToken ?? 0);
      const held = record.isBuy ? mul(record.px, record.sz) : record.sz;
      holds.set(token, (holds.get(token) ?? 0n) + held);
    }
    const balances = [...account.spot.entries()]
      .filter(([, total]) => total !== 0n)
      .sort(([a], [b]) => a - b)
      .map(([token, total]) => ({
        coin: SPOT_TOKENS[token]?.name ?? `@${token}`,
        token,
        total: fromUnits(total),
        hold: fromUnits(holds.get(token) ?? 0n),
        entryNtl: fromUnits(token === 0 ? 0n : account.entryNotional(token)),
      }));
    return { balances };
  }

  /** The `userFills` answer: newest first, at most 2000. */
  userFills(user: string): UserFills {
    const account = this.#accounts.get(user.toLowerCase());
    return account ? account.fills.slice(-2000).reverse() : [];
  }

  /** The `clearinghouseState` answer. */
  clearinghouseState(user: string): ClearinghouseState {
    const account = this.#accounts.get(user.toLowerCase()) ?? new Account(user.toLowerCase(), 0n);
    return account.clearinghouse((asset) => this.mark(asset), MARKET, this.#now());
  }

  /** The `l2Book` answer for a coin (an unknown coin has an empty book). */
  l2Book(coin: string): L2Book {
    const asset = MARKET.find((candidate) => candidate.coin === coin);
    const levels: L2Book["levels"] = asset ? this.#book(asset).levels() : [[], []];
    return { coin, time: this.#now(), levels };
  }

  /** The `allMids` answer: the middle of the best bid and ask, or the mark when a side is empty. */
  allMids(): AllMids {
    const mids: AllMids = {};
    for (const asset of MARKET) {
      const { bid, ask } = this.#book(asset).bbo();
      mids[asset.coin] = fromUnits(
        bid !== undefined && ask !== undefined ? (bid + ask) / 2n : this.mark(asset),
      );
    }
    return mids;
  }
}
