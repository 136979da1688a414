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
    expect(info.usage().requests).toBe(10);
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
