/**
 * The whole order loop with chainkit alone, over real sockets against the sandbox's exchange: read
 * `meta`, place orders, see them in `openOrders`, `batchModify` them, cancel one, schedule a cancel
 * of the rest, fill one, read fills and `clearinghouseState`. Then an API wallet approved with
 * `approveAgent` does the same for its user.
 */
import {
  createExchangeClient,
  createInfoClient,
  ExchangeError,
  type InfoClient,
  privateKeySigner,
  RequestValidationError,
  roundPrice,
  roundSize,
} from "chainkit/exchange";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createExchangeSurface } from "../../src/sandbox/exchange/exchange-surface.js";
import { type SurfaceServer, serveSurface } from "../../src/sandbox/http-server.js";

const USER_KEY = `0x${"a1".repeat(32)}` as const;
const AGENT_KEY = `0x${"b2".repeat(32)}` as const;
const STRANGER_KEY = `0x${"c3".repeat(32)}` as const;
const user = await privateKeySigner(USER_KEY).getAddress();

// The sandbox's clock runs ahead of the wall clock by `skew`, so a test can let a scheduled time pass.
let skew = 0;
let server: SurfaceServer;
let info: InfoClient;

beforeAll(async () => {
  const surface = createExchangeSurface({ accounts: [user], now: () => Date.now() + skew });
  server = await serveSurface({ name: "exchange", auth: "none", handler: surface.handler });
  info = createInfoClient({ baseUrl: server.url });
});
afterAll(() => server.close());

const limit = (a: number, b: boolean, p: string, s: string, tif: "Gtc" | "Ioc" | "Alo" = "Gtc") => ({
  a,
  b,
  p,
  s,
  r: false,
  t: { limit: { tif } },
});

const restingOid = (status: unknown) => (status as { resting: { oid: number } }).resting.oid;

describe("the order loop with chainkit alone", () => {
  it("reads meta, places, lists, batch-modifies, cancels, schedules a cancel, fills and reads the account", async () => {
    const exchange = createExchangeClient({ baseUrl: server.url, privateKey: USER_KEY, network: "mainnet" });
    const assets = await info.assets();
    const btc = assets.get("BTC");
    const eth = assets.get("ETH");
    if (!btc || !eth) throw new Error("meta lacks BTC or ETH");
    expect(assets.index("BTC")).toBe(0);
    const mids = await info.allMids();
    const below = (asset: typeof btc, share: number) => roundPrice(Number(mids[asset.name]) * share, asset);

    // Place three orders away from the book: they rest.
    const placed = await exchange.order([
      limit(btc.index, true, below(btc, 0.95), roundSize(0.0123456, btc)),
      { ...limit(eth.index, false, below(eth, 1.05), "0.2"), c: "0x000000000000000000000000000000e1" },
      limit(eth.index, true, below(eth, 0.9), "0.3"),
    ]);
    const oids = placed.statuses.map(restingOid);
    expect((await info.openOrders(user)).map((order) => order.oid).sort()).toEqual([...oids].sort());
    expect((await info.openOrders(user)).find((order) => order.oid === oids[0])?.sz).toBe("0.01235");

    // Move two of them in one batch: each gets a new id, at its new price.
    const moved = await exchange.batchModify([
      { oid: oids[0] as number, order: limit(btc.index, true, below(btc, 0.96), "0.02") },
      { oid: "0x000000000000000000000000000000e1", order: limit(eth.index, false, below(eth, 1.04), "0.2") },
    ]);
    const movedOids = moved.statuses.map(restingOid);
    const open = await info.openOrders(user);
    expect(open.map((order) => order.oid).sort()).toEqual([oids[2], ...movedOids].sort());
    expect(open.find((order) => order.oid === movedOids[0])?.limitPx).toBe(`${below(btc, 0.96)}.0`);

    // Cancel one; cancelling it again fails on its own.
    const cancelled = await exchange.cancel([
      { a: eth.index, o: oids[2] as number },
      { a: eth.index, o: oids[2] as number },
    ]);
    expect(cancelled.statuses).toEqual([
      "success",
      { error: `Order was never placed, already canceled, or filled. asset=${eth.index}` },
    ]);

    // Schedule a cancel of the rest; once its time passes, nothing is left open.
    await exchange.scheduleCancel({ time: Date.now() + skew + 6_000 });
    expect(await info.openOrders(user)).toHaveLength(2);
    skew += 7_000;
    expect(await info.openOrders(user)).toEqual([]);
    expect(await info.orderStatus(user, movedOids[0] as number)).toMatchObject({
      status: "order",
      order: { status: "scheduledCancel" },
    });

    // Fill one at once, at 10x: the fill and the position agree with it.
    await exchange.updateLeverage({ asset: btc.index, isCross: true, leverage: 10 });
    const bought = await exchange.order([limit(btc.index, true, below(btc, 1.01), "0.05", "Ioc")]);
    const filled = (bought.statuses[0] as { filled: { totalSz: string; avgPx: string; oid: number } }).filled;
    expect(filled.totalSz).toBe("0.05");
    const fills = await info.userFills(user);
    expect(fills[0]).toMatchObject({
      coin: "BTC",
      side: "B",
      oid: filled.oid,
      dir: "Open Long",
      crossed: true,
    });
    const state = await info.clearinghouseState(user);
    expect(state.assetPositions).toHaveLength(1);
    expect(state.assetPositions[0]?.position).toMatchObject({
      coin: "BTC",
      szi: "0.05",
      entryPx: `${filled.avgPx}`,
      leverage: { type: "cross", value: 10 },
    });
    expect(Number(state.marginSummary.totalNtlPos)).toBeGreaterThan(0);
  });

  it("refuses, before signing, a price or size the asset does not allow, naming the field and the fix", async () => {
    const exchange = createExchangeClient({ baseUrl: server.url, privateKey: USER_KEY, network: "mainnet" });
    const refusal = (orders: ReturnType<typeof limit>[]) =>
      exchange.order(orders).then(
        () => undefined,
        (error: unknown) => error as RequestValidationError,
      );
    const tooPrecise = await refusal([limit(0, true, "60123.5", "0.01")]);
    expect(tooPrecise).toBeInstanceOf(RequestValidationError);
    expect(tooPrecise?.field).toBe("/orders/0/p");
    expect(tooPrecise?.message).toMatch(/6 significant figures.*roundPrice/);
    const tooManyDecimals = await refusal([limit(1, true, "12.345", "1")]);
    expect(tooManyDecimals?.field).toBe("/orders/0/p");
    expect(tooManyDecimals?.message).toMatch(/at most 2 \(6 − szDecimals 4\)/);
    const size = await refusal([limit(2, true, "140", "1.234")]);
    expect(size?.field).toBe("/orders/0/s");
    expect(size?.message).toMatch(/SOL sizes may have at most 2/);
    const unknown = await refusal([limit(77, true, "1", "1")]);
    expect(unknown?.field).toBe("/orders/0/a");
  });
});

describe("an API wallet approved with approveAgent", () => {
  it("places, reads and cancels orders for its user; an unapproved key is refused", async () => {
    const owner = createExchangeClient({ baseUrl: server.url, privateKey: USER_KEY, network: "mainnet" });
    const agentSigner = privateKeySigner(AGENT_KEY);
    const agentAddress = await agentSigner.getAddress();
    const stranger = createExchangeClient({
      baseUrl: server.url,
      privateKey: STRANGER_KEY,
      network: "mainnet",
    });
    const bid = limit(2, true, "120", "1");

    const beforeApproval = createExchangeClient({
      baseUrl: server.url,
      signer: agentSigner,
      network: "mainnet",
    });
    await expect(beforeApproval.order([bid])).rejects.toMatchObject({
      serviceMessage: `User or API Wallet ${agentAddress.toLowerCase()} does not exist.`,
    });

    await owner.approveAgent({ agentAddress, agentName: "bot" });
    const agent = createExchangeClient({ baseUrl: server.url, signer: agentSigner, network: "mainnet" });
    const { statuses } = await agent.order([bid]);
    const oid = restingOid(statuses[0]);
    expect((await info.openOrders(user)).map((order) => order.oid)).toContain(oid);
    expect(await info.openOrders(agentAddress)).toEqual([]);

    // The agent trades for its user: its fill and position are the user's.
    const sold = await agent.order([limit(2, false, "140", "2", "Ioc")]);
    expect(sold.statuses[0]).toHaveProperty("filled");
    expect((await info.userFills(user))[0]).toMatchObject({ coin: "SOL", side: "A" });

    expect((await agent.cancel([{ a: 2, o: oid }])).statuses).toEqual(["success"]);
    expect((await info.orderStatus(user, oid)) as { order: { status: string } }).toMatchObject({
      order: { status: "canceled" },
    });

    // A key that nobody approved cannot trade, and an agent cannot approve another agent.
    await expect(stranger.order([bid])).rejects.toBeInstanceOf(ExchangeError);
    await expect(
      agent.approveAgent({ agentAddress: await privateKeySigner(STRANGER_KEY).getAddress() }),
    ).rejects.toMatchObject({
      serviceMessage: expect.stringMatching(/^Must deposit before performing actions/),
    });
  });
});
