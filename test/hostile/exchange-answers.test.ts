import {
  createExchangeClient,
  createInfoClient,
  ExchangeError,
  ResponseValidationError,
} from "chainkit/exchange";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type HostileServer, startHostileServer } from "../support/hostile-server.js";

/** Issue 31, findings 12 and 19: exchange answers that are too long or say two things at once. */

let server: HostileServer;
/** The body the server answers next. */
let answer = "{}";

beforeAll(async () => {
  server = await startHostileServer((_request, response) => {
    response.writeHead(200, { "content-type": "application/json" }).end(answer);
  });
});
afterAll(() => server.close());

const exchange = () =>
  createExchangeClient({
    baseUrl: server.url,
    privateKey: `0x${"7".repeat(64)}`,
    network: "mainnet",
    assets: false,
    retry: false,
  });

const order = { a: 0, b: true, p: "60000", s: "0.001", r: false, t: { limit: { tif: "Gtc" } } } as const;

describe("finding 12: a 20 MB refusal", () => {
  it("is an ExchangeError whose message and serviceMessage keep a bounded part of it", async () => {
    const refusal = `Order refused: ${"x".repeat(20 * 1024 * 1024)}`;
    answer = JSON.stringify({ status: "err", response: refusal });
    const error = await exchange()
      .scheduleCancel()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExchangeError);
    const { message, serviceMessage } = error as ExchangeError;
    expect(message.startsWith("The exchange refused the request: Order refused: xxx")).toBe(true);
    expect(message.length).toBeLessThan(20_000);
    expect(serviceMessage?.length).toBeLessThan(20_000);
    expect(serviceMessage).toMatch(/…\(cut\)$/);
  });
});

describe("finding 19: ambiguous answers fail validation", () => {
  it("refuses book levels with a negative price or size", async () => {
    // assets: false: this server answers every request with the book, meta included.
    const info = createInfoClient({ baseUrl: server.url, retry: false, assets: false });
    const level = (px: string, sz: string) => ({ px, sz, n: 1 });
    for (const [bids, pointer] of [
      [[level("-58000", "1")], "/levels/0/0/px"],
      [[level("58000", "-0.5")], "/levels/0/0/sz"],
    ] as const) {
      answer = JSON.stringify({
        coin: "BTC",
        time: 1_700_000_000_000,
        levels: [bids, [level("58001", "1")]],
      });
      const error = await info.l2Book("BTC").catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ResponseValidationError);
      expect((error as ResponseValidationError).issues[0]?.pointer).toBe(pointer);
    }
    answer = JSON.stringify({ coin: "BTC", time: 1, levels: [[level("58000", "0.5")], []] });
    expect((await info.l2Book("BTC")).levels[0]).toEqual([level("58000", "0.5")]);
  });

  it("refuses an order status that is both resting and an error", async () => {
    const statuses = [{ resting: { oid: 7 }, error: "Order has invalid price." }];
    answer = JSON.stringify({ status: "ok", response: { type: "order", data: { statuses } } });
    const error = await exchange()
      .order([order])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).message).toMatch(/more than one of the forms/);
    answer = JSON.stringify({
      status: "ok",
      response: { type: "order", data: { statuses: [{ resting: { oid: 7 } }] } },
    });
    expect((await exchange().order([order])).statuses).toEqual([{ resting: { oid: 7 } }]);
  });
});
