/**
 * @nktkas/hyperliquid's own ExchangeClient and InfoClient, a client nobody here wrote, against the
 * sandbox over real sockets: its HTTP transport pointed at the sandbox, its own signing, nonces and
 * response checks. Place, modify, cancel, open orders and order status must all work.
 */
import { ExchangeClient, HttpTransport, InfoClient } from "@nktkas/hyperliquid";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createExchangeSurface } from "../../src/sandbox/exchange/exchange-surface.js";
import { type SurfaceServer, serveSurface } from "../../src/sandbox/http-server.js";

const KEY = `0x${"d4".repeat(32)}` as const;
const wallet = privateKeyToAccount(KEY);
const user = wallet.address;

let server: SurfaceServer;
let exchange: ExchangeClient;
let info: InfoClient;

beforeAll(async () => {
  const surface = createExchangeSurface({ accounts: [user] });
  server = await serveSurface({ name: "exchange", auth: "none", handler: surface.handler });
  const transport = new HttpTransport({ apiUrl: server.url, isTestnet: false });
  exchange = new ExchangeClient({ transport, wallet });
  info = new InfoClient({ transport });
});
afterAll(() => server.close());

describe("@nktkas/hyperliquid against the sandbox", () => {
  it("places, modifies and cancels orders, and reads them back with open orders and order status", async () => {
    const meta = await info.meta();
    expect(meta.universe[0]?.name).toBe("BTC");
    const cloid = "0x000000000000000000000000000000f1";
    const placed = await exchange.order({
      orders: [
        { a: 0, b: true, p: "50000", s: "0.01", r: false, t: { limit: { tif: "Gtc" } } },
        { a: 1, b: false, p: "3500", s: "0.1", r: false, t: { limit: { tif: "Alo" } }, c: cloid },
      ],
      grouping: "na",
    });
    const [bid, ask] = placed.response.data.statuses as { resting: { oid: number } }[];
    const oids = [bid?.resting.oid, ask?.resting.oid] as number[];
    expect((await info.openOrders({ user })).map((order) => order.oid).sort()).toEqual([...oids].sort());

    await exchange.modify({
      oid: oids[0] as number,
      order: { a: 0, b: true, p: "51000", s: "0.02", r: false, t: { limit: { tif: "Gtc" } } },
    });
    const afterModify = await info.frontendOpenOrders({ user });
    const modified = afterModify.find((order) => order.coin === "BTC");
    expect(modified).toMatchObject({ limitPx: "51000.0", sz: "0.02", orderType: "Limit" });

    // By order id: @nktkas's schema reads a cloid given to orderStatus as a number (0x…f1 becomes 241).
    const status = await info.orderStatus({ user, oid: oids[1] as number });
    expect(status).toMatchObject({
      status: "order",
      order: { status: "open", order: { oid: oids[1], cloid } },
    });

    const cancelled = await exchange.cancel({
      cancels: [
        { a: 0, o: modified?.oid as number },
        { a: 1, o: oids[1] as number },
      ],
    });
    expect(cancelled.response.data.statuses).toEqual(["success", "success"]);
    expect(await info.openOrders({ user })).toEqual([]);
    expect(await info.orderStatus({ user, oid: oids[0] as number })).toMatchObject({
      order: { status: "canceled" },
    });
  });

  it("fills against the seeded book and shows the fill and the position", async () => {
    const book = await info.l2Book({ coin: "ETH" });
    const bestAsk = book?.levels[1][0]?.px as string;
    const bought = await exchange.order({
      orders: [{ a: 1, b: true, p: "3100", s: "0.1", r: false, t: { limit: { tif: "Ioc" } } }],
      grouping: "na",
    });
    expect(bought.response.data.statuses[0]).toMatchObject({ filled: { totalSz: "0.1", avgPx: bestAsk } });
    const fills = await info.userFills({ user });
    expect(fills[0]).toMatchObject({ coin: "ETH", px: bestAsk, side: "B" });
    const state = await info.clearinghouseState({ user });
    expect(state.assetPositions[0]?.position).toMatchObject({ coin: "ETH", szi: "0.1" });
  });
});

describe("@nktkas/hyperliquid: spot, candles and moving money against the sandbox", () => {
  it("moves USDC perp → spot, buys PURR on spot, and reads the balances and the candle back", async () => {
    const before = await info.spotClearinghouseState({ user });
    const usdcBefore = before.balances.find((balance) => balance.coin === "USDC")?.total as string;
    await exchange.usdClassTransfer({ amount: "500", toPerp: false });
    const moved = await info.spotClearinghouseState({ user });
    expect(Number(moved.balances.find((balance) => balance.coin === "USDC")?.total)).toBe(
      Number(usdcBefore) + 500,
    );

    const bought = await exchange.order({
      orders: [{ a: 10000, b: true, p: "0.2", s: "100", r: false, t: { limit: { tif: "Ioc" } } }],
      grouping: "na",
    });
    expect(bought.response.data.statuses[0]).toMatchObject({ filled: { totalSz: "100.0" } });
    const after = await info.spotClearinghouseState({ user });
    const purr = after.balances.find((balance) => balance.coin === "PURR");
    expect(Number(purr?.total)).toBe(100_000 + 100);
    expect(Number(purr?.entryNtl)).toBeGreaterThan(0);

    const candles = await info.candleSnapshot({
      coin: "PURR/USDC",
      interval: "1m",
      startTime: Date.now() - 3_600_000,
    });
    expect(candles.at(-1)).toMatchObject({ s: "PURR/USDC", i: "1m" });
    expect(candles.reduce((trades, candle) => trades + candle.n, 0)).toBeGreaterThanOrEqual(1);
  });

  it("sends USDC to another user, who then has it", async () => {
    const friend = privateKeyToAccount(`0x${"e5".repeat(32)}`).address;
    await exchange.usdSend({ destination: friend, amount: "12.5" });
    const state = await info.clearinghouseState({ user: friend });
    expect(state.marginSummary.accountValue).toBe("12.5");
    const ledger = await info.userNonFundingLedgerUpdates({ user, startTime: 0 });
    expect(ledger.at(-1)?.delta).toMatchObject({ type: "send", amount: "12.5" });
  });
});
