import { describe, expect, it } from "vitest";
import type { Order } from "../../generated/exchange/types.js";
import { ONE } from "../../src/sandbox/exchange/units.js";
import { Venue } from "../../src/sandbox/exchange/venue.js";

const BTC = 0;
const ETH = 1;

function limit(a: number, b: boolean, p: string, s: string, tif = "Gtc", extra: Partial<Order> = {}): Order {
  return { a, b, p, s, r: false, t: { limit: { tif: tif as "Gtc" } }, ...extra };
}

function trigger(
  a: number,
  b: boolean,
  p: string,
  s: string,
  triggerPx: string,
  tpsl: "tp" | "sl",
  isMarket = true,
): Order {
  return { a, b, p, s, r: true, t: { trigger: { isMarket, triggerPx, tpsl } } };
}

/** A venue with a market maker quoting BTC 59900 / 60100 and ETH 2990 / 3010, and a trader. */
function market(clock = { now: 1_800_000_000_000 }) {
  const venue = new Venue({ firstOid: 1000, firstTid: 1, now: () => clock.now });
  const maker = venue.open("0x00000000000000000000000000000000000000aa", 0n, { unlimited: true });
  const trader = venue.open("0x00000000000000000000000000000000000000bb", 100_000n * ONE);
  venue.place(maker, limit(BTC, true, "59900", "1"));
  venue.place(maker, limit(BTC, false, "60100", "1"));
  venue.place(maker, limit(BTC, false, "60200", "1"));
  venue.place(maker, limit(ETH, true, "2990", "10"));
  venue.place(maker, limit(ETH, false, "3010", "10"));
  return { venue, maker, trader, clock, user: trader.address };
}

describe("sandbox venue: limit orders by time in force", () => {
  it("Gtc rests away from the book and fills across it at the resting price, best price first", () => {
    const { venue, trader, user } = market();
    expect(venue.place(trader, limit(BTC, true, "59000", "0.01"))).toEqual({ resting: { oid: 1005 } });
    expect(venue.place(trader, limit(BTC, true, "60200", "1.5"))).toEqual({
      filled: { totalSz: "1.5", avgPx: "60133.33333333", oid: 1006 },
    });
    const fills = venue.userFills(user);
    expect(fills.map((fill) => [fill.px, fill.sz, fill.side, fill.crossed])).toEqual([
      ["60200.0", "0.5", "B", true],
      ["60100.0", "1.0", "B", true],
    ]);
    expect(venue.l2Book("BTC").levels[1]).toEqual([{ px: "60200.0", sz: "0.5", n: 1 }]);
  });

  it("Gtc that fills in part rests the rest; Ioc cancels it; Ioc that cannot fill is refused", () => {
    const { venue, trader, user } = market();
    expect(venue.place(trader, limit(ETH, false, "2990", "12"))).toEqual({ resting: { oid: 1005 } });
    expect(venue.openOrders(user)).toMatchObject([{ oid: 1005, sz: "2.0", origSz: "12.0", side: "A" }]);
    expect(venue.place(trader, limit(BTC, true, "60100", "3", "Ioc"))).toEqual({
      filled: { totalSz: "1.0", avgPx: "60100.0", oid: 1006 },
    });
    expect(venue.place(trader, limit(BTC, true, "50000", "0.01", "Ioc"))).toEqual({
      error: "Order could not immediately match against any resting orders. asset=0",
    });
    expect(venue.orderStatus(user, 1007)).toMatchObject({ order: { status: "iocCancelRejected" } });
  });

  it("Alo rests, and is refused with the best bid and ask when it would match", () => {
    const { venue, trader } = market();
    expect(venue.place(trader, limit(BTC, false, "60150", "0.01", "Alo"))).toEqual({
      resting: { oid: 1005 },
    });
    expect(venue.place(trader, limit(BTC, true, "60150", "0.01", "Alo"))).toEqual({
      error: "Post only order would have immediately matched, bbo was 59900.0@60100.0. asset=0",
    });
  });

  it("refuses prices off the tick, sizes with too many decimals, tiny orders and too little margin", () => {
    const { venue, trader } = market();
    expect(venue.place(trader, limit(BTC, true, "59000.5", "0.01"))).toEqual({
      error: "Price must be divisible by tick size. asset=0",
    });
    expect(venue.place(trader, limit(BTC, true, "59000", "0.000001"))).toEqual({
      error: "Order has invalid size.",
    });
    expect(venue.place(trader, limit(BTC, true, "59000", "0.0001"))).toEqual({
      error: "Order must have minimum value of $10. asset=0",
    });
    expect(venue.place(trader, limit(BTC, true, "59000", "40"))).toEqual({
      error: "Insufficient margin to place order. asset=0",
    });
  });

  it("cancels the resting side of a self-trade instead of trading with itself", () => {
    const { venue, trader, user } = market();
    const { resting } = venue.place(trader, limit(BTC, false, "60050", "0.01")) as {
      resting: { oid: number };
    };
    expect(venue.place(trader, limit(BTC, true, "60100", "0.01"))).toMatchObject({
      filled: { avgPx: "60100.0" },
    });
    expect(venue.orderStatus(user, resting.oid)).toMatchObject({ order: { status: "selfTradeCanceled" } });
  });
});

describe("sandbox venue: trigger orders", () => {
  it("a stop-loss waits for its price and fires when a trade reaches it", () => {
    const { venue, trader, user } = market();
    venue.place(trader, limit(BTC, true, "60100", "0.1", "Ioc"));
    expect(venue.place(trader, trigger(BTC, false, "59000", "0.1", "59950", "sl"))).toBe("waitingForTrigger");
    expect(venue.frontendOpenOrders(user)[0]).toMatchObject({
      isTrigger: true,
      orderType: "Stop Market",
      triggerCondition: "Price below 59950.0",
      tif: null,
    });
    // Someone else sells into the 59900 bid: the mark falls below 59950 and the stop sells the position.
    const seller = venue.open("0x00000000000000000000000000000000000000cc", 100_000n * ONE);
    venue.place(seller, limit(BTC, false, "59900", "0.5", "Ioc"));
    const status = venue.orderStatus(user, 1006);
    expect(status).toMatchObject({ order: { status: "filled" } });
    expect(venue.clearinghouseState(user).assetPositions).toEqual([]);
  });

  it("normalTpsl children wait for their parent, fire after it fills, and cancel each other", () => {
    const { venue, trader, maker, user } = market();
    const statuses = venue.placeAll(
      trader,
      [
        limit(BTC, true, "59950", "0.1"),
        trigger(BTC, false, "61000", "0.1", "60500", "tp", false),
        trigger(BTC, false, "59000", "0.1", "59500", "sl"),
      ],
      "normalTpsl",
    );
    expect(statuses).toEqual([{ resting: { oid: 1005 } }, "waitingForFill", "waitingForFill"]);
    expect(venue.frontendOpenOrders(user).find((order) => order.oid === 1005)?.children).toHaveLength(2);
    // The parent fills: the children now wait for their prices.
    venue.place(maker, limit(BTC, false, "59950", "0.1", "Ioc"));
    expect(venue.clearinghouseState(user).assetPositions[0]?.position.szi).toBe("0.1");
    // A trade at 60500 fires the take-profit (a limit at 61000 that rests); the stop is canceled.
    venue.place(maker, limit(BTC, true, "60500", "0.01"));
    venue.place(trader, limit(BTC, false, "60500", "0.01", "Ioc"));
    expect(venue.orderStatus(user, 1006)).toMatchObject({ order: { status: "open" } });
    expect(venue.orderStatus(user, 1007)).toMatchObject({ order: { status: "siblingFilledCanceled" } });
  });
});

describe("sandbox venue: a position's take-profit and stop-loss", () => {
  it("takes size 0 as the whole position, sized when it fires; size 0 elsewhere is refused", () => {
    const { venue, trader, user } = market();
    venue.place(trader, limit(BTC, true, "60100", "0.3", "Ioc"));
    expect(
      venue.placeAll(trader, [trigger(BTC, false, "59000", "0", "59950", "sl")], "positionTpsl"),
    ).toEqual(["waitingForTrigger"]);
    // The position grows after the stop is placed: the stop closes all of it, not what it was then.
    venue.place(trader, limit(BTC, true, "60200", "0.2", "Ioc"));
    const seller = venue.open("0x00000000000000000000000000000000000000cc", 100_000n * ONE);
    venue.place(seller, limit(BTC, false, "59900", "0.5", "Ioc"));
    expect(venue.clearinghouseState(user).assetPositions).toEqual([]);
    // Outside a positionTpsl group, or as a plain order, size 0 is what the exchange refuses.
    expect(venue.placeAll(trader, [trigger(BTC, false, "59000", "0", "59950", "sl")], "na")).toEqual([
      { error: "Order has zero size." },
    ]);
    expect(venue.place(trader, limit(BTC, true, "59000", "0"))).toEqual({ error: "Order has zero size." });
  });
});

describe("sandbox venue: cancels, modifications and schedules", () => {
  it("cancels by oid and by cloid once; a second cancel or another asset fails alone", () => {
    const { venue, trader, user } = market();
    const cloid = "0x0000000000000000000000000000000a";
    venue.place(trader, limit(BTC, true, "59000", "0.01"));
    venue.place(trader, limit(ETH, true, "2900", "0.1", "Gtc", { c: cloid }));
    expect(venue.cancel(trader, BTC, 1005)).toBe("success");
    expect(venue.cancel(trader, BTC, 1005)).toEqual({
      error: "Order was never placed, already canceled, or filled. asset=0",
    });
    expect(venue.cancel(trader, BTC, cloid)).toMatchObject({ error: expect.any(String) });
    expect(venue.cancel(trader, ETH, cloid)).toBe("success");
    expect(venue.openOrders(user)).toEqual([]);
    expect(venue.orderStatus(user, cloid)).toMatchObject({ order: { status: "canceled", order: { cloid } } });
  });

  it("modifies by replacing the order under a new id; a failing replacement leaves the old one canceled", () => {
    const { venue, trader, user } = market();
    venue.place(trader, limit(BTC, true, "59000", "0.01"));
    expect(venue.modify(trader, 1005, limit(BTC, true, "59100", "0.02"))).toEqual({ resting: { oid: 1006 } });
    expect(venue.openOrders(user)).toMatchObject([{ oid: 1006, limitPx: "59100.0", sz: "0.02" }]);
    expect(venue.modify(trader, 1005, limit(BTC, true, "59100", "0.02"))).toEqual({
      error: "Cannot modify canceled or filled order",
    });
    expect(venue.modify(trader, 1006, limit(BTC, true, "60150", "0.02", "Alo"))).toMatchObject({
      error: expect.stringMatching(/^Error placing new order during modify: Post only order/),
    });
    expect(venue.openOrders(user)).toEqual([]);
  });

  it("cancels everything at the scheduled time, not before; a time under 5 s away is refused", () => {
    const { venue, trader, user, clock } = market();
    venue.place(trader, limit(BTC, true, "59000", "0.01"));
    venue.place(trader, trigger(BTC, false, "50000", "0.01", "51000", "sl"));
    expect(venue.scheduleCancel(trader, clock.now + 1_000)).toMatch(/at least 5 seconds/);
    expect(venue.scheduleCancel(trader, clock.now + 10_000)).toBeUndefined();
    clock.now += 9_999;
    venue.runScheduledCancels();
    expect(venue.openOrders(user)).toHaveLength(2);
    clock.now += 1;
    venue.runScheduledCancels();
    expect(venue.openOrders(user)).toEqual([]);
    expect(venue.orderStatus(user, 1005)).toMatchObject({ order: { status: "scheduledCancel" } });
  });

  it("clears a schedule without a time", () => {
    const { venue, trader, user, clock } = market();
    venue.place(trader, limit(BTC, true, "59000", "0.01"));
    venue.scheduleCancel(trader, clock.now + 10_000);
    venue.scheduleCancel(trader, undefined);
    clock.now += 60_000;
    venue.runScheduledCancels();
    expect(venue.openOrders(user)).toHaveLength(1);
  });
});

describe("sandbox venue: positions, leverage and margin", () => {
  it("keeps positions, entry price, realized profit and fees in line with the fills", () => {
    const { venue, trader, maker, user } = market();
    venue.place(trader, limit(BTC, true, "60100", "1", "Ioc"));
    // The maker bids higher; the trader sells half its position into it.
    venue.place(maker, limit(BTC, true, "61000", "1"));
    venue.place(trader, limit(BTC, false, "61000", "0.5", "Ioc"));
    const fills = venue.userFills(user);
    expect(fills.map((fill) => [fill.dir, fill.startPosition, fill.closedPnl])).toEqual([
      ["Close Long", "1.0", "450.0"],
      ["Open Long", "0.0", "0.0"],
    ]);
    const state = venue.clearinghouseState(user);
    expect(state.assetPositions[0]?.position).toMatchObject({
      coin: "BTC",
      szi: "0.5",
      entryPx: "60100.0",
      leverage: { type: "cross", value: 20 },
    });
    const fees = fills.reduce((sum, fill) => sum + Number(fill.fee), 0);
    // 100000 USDC + 450 realized - fees + unrealized at the last trade (61000): 0.5 × 900.
    expect(Number(state.marginSummary.accountValue)).toBeCloseTo(100_000 + 450 - fees + 450, 6);
  });

  it("sets leverage within the asset's maximum, and moves isolated margin of an isolated position", () => {
    const { venue, trader, user } = market();
    const btc = venue.asset(BTC);
    if (!btc) throw new Error("no BTC");
    expect(trader.setLeverage(btc, true, 41)).toMatch(/above the maximum 40/);
    expect(trader.setLeverage(btc, false, 10)).toBeUndefined();
    expect(trader.moveIsolatedMargin(btc, 100n * ONE)).toMatch(/No isolated position/);
    venue.place(trader, limit(BTC, true, "60100", "1", "Ioc"));
    expect(trader.moveIsolatedMargin(btc, 100n * ONE)).toBeUndefined();
    const position = venue.clearinghouseState(user).assetPositions[0]?.position;
    expect(position?.leverage).toMatchObject({ type: "isolated", value: 10 });
    expect(position?.marginUsed).toBe("6110.0"); // 60100 / 10 + 100 added
    expect(trader.setLeverage(btc, true, 10)).toMatch(/open position/);
  });
});
