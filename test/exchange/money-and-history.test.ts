/**
 * Spot, moving money and account history with chainkit alone, over real sockets against the
 * sandbox's exchange: USDC from perp to spot, a spot buy checked against spot's price rules, USDC
 * sent to a second user, a withdrawal, the ledger that records them, TWAP slices, sub-accounts, a
 * vault, the HyperEVM block switch, and a range of fills larger than one page read to its end.
 */
import {
  createExchangeClient,
  createInfoClient,
  type Fill,
  type InfoClient,
  privateKeySigner,
  RequestValidationError,
} from "chainkit/exchange";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createExchangeSurface, type ExchangeSurface } from "../../src/sandbox/exchange/exchange-surface.js";
import { type SurfaceServer, serveSurface } from "../../src/sandbox/http-server.js";

const ALICE_KEY = `0x${"a7".repeat(32)}` as const;
const BOB_KEY = `0x${"b8".repeat(32)}` as const;
const alice = await privateKeySigner(ALICE_KEY).getAddress();
const bob = await privateKeySigner(BOB_KEY).getAddress();
const MAKER = "0x00000000000000000000000000000000000000aa";
const TAKER = "0x00000000000000000000000000000000000000bb";

// The sandbox's clock runs ahead of the wall clock by `skew`, so a test can let TWAP slices come due.
let skew = 0;
const blockKinds: [string, boolean][] = [];
let surface: ExchangeSurface;
let server: SurfaceServer;
let info: InfoClient;

beforeAll(async () => {
  surface = createExchangeSurface({
    accounts: [alice, bob, MAKER, TAKER],
    now: () => Date.now() + skew,
    onEvmUserModify: (address, usingBigBlocks) => blockKinds.push([address, usingBigBlocks]),
  });
  server = await serveSurface({ name: "exchange", auth: "none", handler: surface.handler });
  info = createInfoClient({ baseUrl: server.url });
});
afterAll(() => server.close());

const total = (balances: { coin: string; total: string }[], coin: string) =>
  Number(balances.find((balance) => balance.coin === coin)?.total ?? 0);

describe("spot and moving money with chainkit alone", () => {
  it("moves USDC perp → spot, buys a spot asset, sends USDC to a second user, withdraws, and reads it all in the ledger", async () => {
    const exchange = createExchangeClient({ baseUrl: server.url, privateKey: ALICE_KEY, network: "mainnet" });
    const start = Date.now() + skew;
    const spotBefore = (await info.spotClearinghouseState(alice)).balances;
    const perpBefore = Number((await info.clearinghouseState(alice)).withdrawable);

    await exchange.usdClassTransfer({ amount: "1000", toPerp: false });
    const spotAfter = (await info.spotClearinghouseState(alice)).balances;
    expect(total(spotAfter, "USDC")).toBe(total(spotBefore, "USDC") + 1000);
    expect(Number((await info.clearinghouseState(alice)).withdrawable)).toBe(perpBefore - 1000);

    // Spot prices may have 8 − szDecimals decimals (PURR: 8): a ninth is refused before signing.
    const purr = (await info.assets()).get("PURR/USDC");
    expect(purr?.index).toBe(10000);
    const tooFine = {
      a: 10000,
      b: true,
      p: "0.181234567",
      s: "100",
      r: false,
      t: { limit: { tif: "Ioc" as const } },
    };
    await expect(exchange.order([tooFine])).rejects.toMatchObject({ field: "/orders/0/p" });
    await expect(exchange.order([{ ...tooFine, p: "0.2", s: "100.5" }])).rejects.toBeInstanceOf(
      RequestValidationError,
    );
    const { statuses } = await exchange.order([{ ...tooFine, p: "0.2" }]);
    expect(statuses[0]).toMatchObject({ filled: { totalSz: "100.0" } });
    const bought = (await info.spotClearinghouseState(alice)).balances;
    expect(total(bought, "PURR")).toBe(total(spotBefore, "PURR") + 100);
    expect(total(bought, "USDC")).toBeLessThan(total(spotAfter, "USDC"));

    await exchange.usdSend({ destination: bob, amount: 25.5 });
    expect(Number((await info.clearinghouseState(bob)).withdrawable)).toBe(1_000_000 + 25.5);
    await exchange.spotSend({ destination: bob, token: "PURR", amount: "40" });
    expect(total((await info.spotClearinghouseState(bob)).balances, "PURR")).toBe(100_000 + 40);
    await expect(exchange.spotSend({ destination: bob, token: "purr", amount: "1" })).rejects.toThrow(
      'did you mean "PURR"?',
    );

    await exchange.withdraw3({ destination: alice, amount: "10" });
    const ledger = await info.userNonFundingLedgerUpdates(alice, { startTime: start });
    expect(ledger.map((entry) => entry.delta.type)).toEqual([
      "accountClassTransfer",
      "send",
      "spotTransfer",
      "withdraw",
    ]);
    expect(ledger[0]?.delta).toMatchObject({ usdc: "1000.0", toPerp: false });
    expect(ledger[1]?.delta).toMatchObject({ destination: bob.toLowerCase(), amount: "25.5" });
    expect(ledger[3]?.delta).toMatchObject({ usdc: "10.0", fee: "1.0" });
    expect(Number((await info.clearinghouseState(alice)).withdrawable)).toBe(perpBefore - 1000 - 25.5 - 10);
    const bobsLedger = await info.userNonFundingLedgerUpdates(bob, { startTime: start });
    expect(bobsLedger.map((entry) => entry.delta.type)).toEqual(["send", "spotTransfer"]);

    // A transfer larger than the balance is refused by the exchange and moves nothing.
    await expect(exchange.usdSend({ destination: bob, amount: "5000000" })).rejects.toThrow(/Insufficient/);
    await expect(exchange.usdSend({ destination: "0x12", amount: "1" })).rejects.toMatchObject({
      field: "/destination",
    });

    const candles = await info.candleSnapshot("PURR/USDC", "1m", { startTime: start - 60_000 });
    expect(candles.reduce((trades, candle) => trades + candle.n, 0)).toBeGreaterThan(0);
    const history = await info.historicalOrders(alice);
    expect(history[0]).toMatchObject({ status: "filled", order: { coin: "PURR/USDC" } });
  });

  it("runs a TWAP slice by slice, then cancels it; creates and funds a sub-account; uses a vault; switches EVM blocks", async () => {
    const exchange = createExchangeClient({ baseUrl: server.url, privateKey: BOB_KEY, network: "mainnet" });
    const { status } = await exchange.twapOrder({ a: 1, b: true, s: "1", r: false, m: 10, t: false });
    if (!("running" in status)) throw new Error(`the TWAP did not start: ${status.error}`);
    skew += 65_000; // two more slices come due
    const fills = (await info.userFills(bob)).filter((fill) => fill.twapId === status.running.twapId);
    expect(new Set(fills.map((fill) => fill.oid)).size).toBe(3);
    expect(fills.reduce((sum, fill) => sum + Number(fill.sz), 0)).toBeCloseTo(0.15, 8);
    expect((await exchange.twapCancel({ a: 1, t: status.running.twapId })).status).toBe("success");
    expect((await exchange.twapCancel({ a: 1, t: status.running.twapId })).status).toMatchObject({
      error: expect.any(String),
    });
    await expect(
      exchange.twapOrder({ a: 1, b: true, s: "0.00001", r: false, m: 10, t: false }),
    ).rejects.toMatchObject({
      field: "/s",
    });

    const { address: sub } = await exchange.createSubAccount({ name: "bot" });
    await exchange.subAccountTransfer({ subAccountUser: sub, isDeposit: true, usd: 50_000_000 });
    await exchange.subAccountSpotTransfer({
      subAccountUser: sub,
      isDeposit: true,
      token: "PURR",
      amount: "7",
    });
    const [listed] = (await info.subAccounts(bob)) ?? [];
    expect(listed).toMatchObject({ name: "bot", subAccountUser: sub, master: bob.toLowerCase() });
    expect(listed?.clearinghouseState.withdrawable).toBe("50.0");
    expect(total(listed?.spotState.balances ?? [], "PURR")).toBe(7);
    // The sub-account trades with the master's key, as its vaultAddress.
    const placed = await exchange.order(
      [{ a: 0, b: true, p: "50000", s: "0.001", r: false, t: { limit: { tif: "Gtc" } } }],
      {
        vaultAddress: sub,
      },
    );
    expect(placed.statuses[0]).toHaveProperty("resting");
    expect(await info.subAccounts(alice)).toBeNull();

    const vault = "0xdfc24b077bc1425ad1dea75bcb6f8158e10df303";
    await exchange.vaultTransfer({ vaultAddress: vault, isDeposit: true, usd: 5_000_000 });
    expect((await info.clearinghouseState(vault)).withdrawable).toBe("5.0");

    await exchange.evmUserModify({ usingBigBlocks: true });
    expect(blockKinds).toEqual([[bob.toLowerCase(), true]]);
    await exchange.reserveRequestWeight({ weight: 1000 });
    const limits = await info.userRateLimit(bob);
    expect(limits.nRequestsSurplus).toBe(1000);
    expect(limits.nRequestsUsed).toBeGreaterThan(5);
    await exchange.noop();
    await exchange.approveBuilderFee({ builder: alice, maxFeeRate: "0.01%" });
  });

  it("replaceOrder answers the new order id that modify does not", async () => {
    const exchange = createExchangeClient({ baseUrl: server.url, privateKey: ALICE_KEY, network: "mainnet" });
    const bid = { a: 0, b: true, p: "50000", s: "0.001", r: false, t: { limit: { tif: "Gtc" as const } } };
    const [placed] = (await exchange.order([bid])).statuses;
    const oid = (placed as { resting: { oid: number } }).resting.oid;
    const { status } = await exchange.replaceOrder({ oid, order: { ...bid, p: "50500" } });
    const newOid = (status as { resting: { oid: number } }).resting.oid;
    expect(newOid).not.toBe(oid);
    expect((await info.openOrders(alice)).map((order) => order.oid)).toContain(newOid);
  });

  it("reads a range of fills larger than one page to its end, each fill once, oldest first", async () => {
    const maker = surface.venue.account(MAKER);
    const taker = surface.venue.account(TAKER);
    // A resting ask inside the seeded spread takes every small buy: 2100 fills, more than one page of 2000.
    surface.venue.place(maker, {
      a: 0,
      b: false,
      p: "60000",
      s: "1",
      r: false,
      t: { limit: { tif: "Gtc" } },
    });
    for (let index = 0; index < 2100; index++) {
      surface.venue.place(taker, {
        a: 0,
        b: true,
        p: "60000",
        s: "0.0002",
        r: false,
        t: { limit: { tif: "Ioc" } },
      });
    }
    const reader = createInfoClient({ baseUrl: server.url });
    const firstPage = await reader.userFillsByTime(TAKER, { startTime: 0 });
    expect(firstPage).toHaveLength(2000);
    const walked: Fill[] = [];
    for await (const fill of reader.fillsByTime(TAKER, { startTime: 0 })) walked.push(fill);
    expect(walked).toHaveLength(2100);
    expect(new Set(walked.map((fill) => fill.tid)).size).toBe(2100);
    expect(walked.map((fill) => fill.time)).toEqual(
      [...walked.map((fill) => fill.time)].sort((a, b) => a - b),
    );
    expect(reader.usage().requests).toBe(1 + 2); // the single page, then two pages for the walk
  });
});
