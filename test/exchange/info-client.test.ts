import { createInfoClient, RequestValidationError, ResponseValidationError } from "chainkit/exchange";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createExchangeSurface } from "../../src/sandbox/exchange/exchange-surface.js";
import { type SurfaceServer, serveSurface } from "../../src/sandbox/http-server.js";

let server: SurfaceServer;
let demo: string;
let seeded: number[];

beforeAll(async () => {
  const surface = createExchangeSurface();
  demo = surface.demo.address;
  seeded = surface.restingOids;
  server = await serveSurface({ name: "exchange", auth: "none", handler: surface.handler });
});
afterAll(() => server.close());

describe("createInfoClient", () => {
  it("answers every query in the spec's shapes", async () => {
    const info = createInfoClient({ baseUrl: server.url });
    expect((await info.meta()).universe.map((asset) => asset.name)).toContain("BTC");
    expect((await info.spotMeta()).universe[0]?.name).toBe("PURR/USDC");
    expect(Object.keys(await info.allMids())).toContain("@1");
    expect((await info.l2Book("BTC")).levels[0].length).toBeGreaterThan(0);
    expect((await info.openOrders(demo)).map((order) => order.oid).sort()).toEqual([...seeded].sort());
    expect(await info.frontendOpenOrders(demo)).toHaveLength(3);
    expect(await info.orderStatus(demo, "0x00000000000000000000000000000001")).toMatchObject({
      order: { status: "open", order: { coin: "ETH", oid: seeded[1] } },
    });
    expect(await info.orderStatus(demo, 1)).toEqual({ status: "unknownOid" });
    expect(await info.userFills(demo, { aggregateByTime: true })).toEqual([]);
    expect((await info.clearinghouseState(demo)).marginSummary.accountValue).toBe("1000000.0");
    // Ten queries, and meta and spotMeta once more: l2Book checks its coin against them (read once).
    expect(info.usage().requests).toBe(12);
  });

  it('refuses a coin the exchange does not list, naming the closest ones, before sending (l2Book("btc") answered an empty book)', async () => {
    const info = createInfoClient({ baseUrl: server.url });
    const refused = await info.l2Book("btc").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RequestValidationError);
    expect(refused).toMatchObject({ operation: "l2Book", field: "/coin" });
    expect((refused as Error).message).toContain('did you mean "BTC"?');
    const requests = info.usage().requests;
    await expect(info.candleSnapshot("purr/usdc", "1m", { startTime: 0 })).rejects.toMatchObject({
      field: "/req/coin",
      message: expect.stringContaining('"PURR/USDC"'),
    });
    await expect(info.fundingHistory("BTC", { startTime: 0 })).resolves.toBeInstanceOf(Array);
    // A spot pair named by its tokens is "@<index>" to the service.
    await expect(info.l2Book("HYPE/USDC")).rejects.toThrow('did you mean "@1"?');
    expect((await info.l2Book("@1")).coin).toBe("@1");
    expect(info.usage().requests).toBe(requests + 2); // only the two known coins were sent
    const unchecked = createInfoClient({ baseUrl: server.url, assets: false });
    expect((await unchecked.l2Book("btc")).levels).toEqual([[], []]);
  });

  it("refuses a malformed query before sending it, naming the field", async () => {
    const info = createInfoClient({ baseUrl: server.url });
    await expect(info.openOrders("0x1234")).rejects.toBeInstanceOf(RequestValidationError);
    await expect(info.openOrders("0x1234")).rejects.toMatchObject({ field: "/body/user" });
    expect(info.usage().requests).toBe(0);
  });

  it("refuses an answer outside the spec", async () => {
    const info = createInfoClient({
      baseUrl: server.url,
      fetch: async () =>
        new Response(JSON.stringify({ universe: [{ name: "BTC" }] }), {
          headers: { "content-type": "application/json" },
        }),
    });
    await expect(info.meta()).rejects.toBeInstanceOf(ResponseValidationError);
  });
});
