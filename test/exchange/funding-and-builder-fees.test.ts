/**
 * Funding and builder fees on the sandbox's exchange, with chainkit alone over real sockets: open
 * positions pay (or receive) funding at every interval boundary, as `userFunding`, `cumFunding` and
 * the balance all show; an order naming a builder is refused until the user approves that builder,
 * then pays it on every fill, within the approval and the perpetual cap (checked before signing).
 */
import {
  createExchangeClient,
  createExchangeFeed,
  createInfoClient,
  type InfoClient,
  privateKeySigner,
} from "chainkit/exchange";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createExchangeSurface, type ExchangeSurface } from "../../src/sandbox/exchange/exchange-surface.js";
import { createExchangeFeedServer, type ExchangeFeedServer } from "../../src/sandbox/exchange/feed-server.js";
import { type SurfaceServer, serveSurface } from "../../src/sandbox/http-server.js";

const LONG_KEY = `0x${"c1".repeat(32)}` as const;
const SHORT_KEY = `0x${"c2".repeat(32)}` as const;
const TRADER_KEY = `0x${"c3".repeat(32)}` as const;
const long = await privateKeySigner(LONG_KEY).getAddress();
const short = await privateKeySigner(SHORT_KEY).getAddress();
const trader = await privateKeySigner(TRADER_KEY).getAddress();
const BUILDER = "0x00000000000000000000000000000000000000b1";
const POOR_BUILDER = "0x00000000000000000000000000000000000000b2";
const INTERVAL = 60_000;

// The sandbox's clock stands still unless a test moves it, so no interval boundary passes by chance.
const START = Date.now();
let skew = 0;
let surface: ExchangeSurface;
let server: SurfaceServer;
let feedServer: ExchangeFeedServer;
let info: InfoClient;

beforeAll(async () => {
  surface = createExchangeSurface({
    accounts: [long, short, trader, BUILDER],
    now: () => START + skew,
    fundingIntervalMs: INTERVAL,
  });
  feedServer = await createExchangeFeedServer({ surface });
  server = await serveSurface({
    name: "exchange",
    auth: "none",
    handler: feedServer.handler,
    upgrade: feedServer.upgrade,
  });
  info = createInfoClient({ baseUrl: server.url });
});
afterAll(async () => {
  await feedServer.close();
  await server.close();
});

/** An order that takes the seeded book at once: 1% through the mid, five significant figures. */
async function marketOrder(isBuy: boolean, size: string) {
  const mid = Number((await info.allMids()).BTC);
  const px = Math.round(mid * (isBuy ? 1.01 : 0.99));
  return { a: 0, b: isBuy, p: px, s: size, r: false, t: { limit: { tif: "Ioc" as const } } };
}

const toNumber = (text: string | undefined) => Number(text ?? Number.NaN);

describe("funding", () => {
  it("charges longs and pays shorts at each interval boundary, as userFunding, cumFunding and the balance show", async () => {
    const longClient = createExchangeClient({
      baseUrl: server.url,
      privateKey: LONG_KEY,
      network: "mainnet",
    });
    const shortClient = createExchangeClient({
      baseUrl: server.url,
      privateKey: SHORT_KEY,
      network: "mainnet",
    });
    // Both take the seeded book, so the last trade (the mark) ends above the reference: a positive rate.
    await longClient.order([await marketOrder(true, "0.5")]);
    await shortClient.order([await marketOrder(false, "0.2")]);
    await longClient.order([await marketOrder(true, "0.1")]);
    const start = START + skew;
    const before = await info.clearinghouseState(long);
    expect(await info.userFunding(long, { startTime: 0 })).toEqual([]);

    skew += 3 * INTERVAL;
    const payments = await info.userFunding(long, { startTime: start });
    expect(payments).toHaveLength(3);
    const history = await info.fundingHistory("BTC", { startTime: start });
    for (const payment of payments) {
      expect(payment.time % INTERVAL).toBe(0);
      expect(payment.delta).toMatchObject({ type: "funding", coin: "BTC", szi: "0.6" });
      // The rate paid is the one fundingHistory reports for the same boundary.
      const rate = history.find((entry) => entry.time === payment.time)?.fundingRate;
      expect(payment.delta.fundingRate).toBe(rate);
      expect(Number(rate)).toBeGreaterThan(0);
      expect(Number(payment.delta.usdc)).toBeLessThan(0); // a long pays a positive rate
    }
    const paid = payments.reduce((sum, payment) => sum - Number(payment.delta.usdc), 0);
    const after = await info.clearinghouseState(long);
    const position = after.assetPositions[0]?.position;
    expect(toNumber(position?.cumFunding?.allTime)).toBeCloseTo(paid, 6);
    expect(toNumber(position?.cumFunding?.sinceOpen)).toBeCloseTo(paid, 6);
    expect(toNumber(after.marginSummary.accountValue)).toBeCloseTo(
      toNumber(before.marginSummary.accountValue) - paid,
      6,
    );

    const received = await info.userFunding(short, { startTime: start });
    expect(received).toHaveLength(3);
    expect(received.every((payment) => Number(payment.delta.usdc) > 0)).toBe(true);
    expect(received[0]?.delta.szi).toBe("-0.2");

    // The feed's userFundings: the payments so far as its snapshot, then each new boundary's.
    const feed = createExchangeFeed({ baseUrl: server.url });
    try {
      const fundings = feed.subscribe({ type: "userFundings", user: long });
      const snapshot = (await fundings.next()).value;
      expect(snapshot).toMatchObject({ isSnapshot: true });
      expect(snapshot?.fundings.map((payment: { usdc: string }) => payment.usdc)).toEqual(
        payments.map((payment) => payment.delta.usdc),
      );
      skew += INTERVAL;
      await info.allMids(); // any request settles the boundary just passed
      const next = (await fundings.next()).value;
      expect(next?.isSnapshot).toBeFalsy();
      expect(next?.fundings).toHaveLength(1);
      expect(next?.fundings[0]?.time).toBeGreaterThan(payments.at(-1)?.time ?? 0);
    } finally {
      await feed.close();
    }

    // A change of size starts sinceChange again; allTime keeps counting.
    await longClient.order([await marketOrder(false, "0.1")]);
    const changed = (await info.clearinghouseState(long)).assetPositions[0]?.position;
    expect(changed?.cumFunding?.sinceChange).toBe("0.0");
    expect(toNumber(changed?.cumFunding?.allTime)).toBeGreaterThan(paid);
  });
});

describe("builder fees", () => {
  it("refuses an unapproved builder, then pays an approved one on every fill within its approval", async () => {
    const exchange = createExchangeClient({
      baseUrl: server.url,
      privateKey: TRADER_KEY,
      network: "mainnet",
    });
    const builder = { b: BUILDER, f: 10 };
    expect(await info.maxBuilderFee(trader, BUILDER)).toBe(0);
    await expect(exchange.order([await marketOrder(true, "0.01")], { builder })).rejects.toThrow(
      "Builder fee has not been approved.",
    );

    await exchange.approveBuilderFee({ builder: BUILDER, maxFeeRate: "0.01%" });
    expect(await info.maxBuilderFee(trader, BUILDER)).toBe(10);
    const builderBefore = toNumber((await info.clearinghouseState(BUILDER)).withdrawable);
    await exchange.order([await marketOrder(true, "0.01")], { builder });
    const [fill] = await info.userFills(trader);
    const notional = Number(fill?.px) * Number(fill?.sz);
    expect(Number(fill?.builderFee)).toBeCloseTo(notional * 0.0001, 6);
    // The venue's taker fee (0.045%) and the builder's share, together.
    expect(Number(fill?.fee)).toBeCloseTo(notional * (0.00045 + 0.0001), 6);
    expect(toNumber((await info.clearinghouseState(BUILDER)).withdrawable)).toBeCloseTo(
      builderBefore + notional * 0.0001,
      6,
    );

    await expect(
      exchange.order([await marketOrder(true, "0.01")], { builder: { ...builder, f: 11 } }),
    ).rejects.toThrow("Builder fee has not been approved.");
    // Over the perpetual cap: refused before signing, naming the field.
    await expect(
      exchange.order([await marketOrder(true, "0.01")], { builder: { ...builder, f: 200 } }),
    ).rejects.toMatchObject({ field: "/builder/f" });

    // A builder with less than 100 USDC cannot be approved; approving 0% revokes.
    await expect(exchange.approveBuilderFee({ builder: POOR_BUILDER, maxFeeRate: "0.01%" })).rejects.toThrow(
      "Builder has insufficient balance to be approved.",
    );
    await exchange.approveBuilderFee({ builder: BUILDER, maxFeeRate: "0%" });
    expect(await info.maxBuilderFee(trader, BUILDER)).toBe(0);
  });
});
