import { createExchangeClient, createInfoClient, RequestValidationError } from "chainkit/exchange";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type HostileServer, startHostileServer } from "../support/hostile-server.js";

/**
 * Issue 42, item 10: an exchange whose `spotMeta` repeats a name. Two tokens are named "PURR", and a
 * spot pair is named "BTC" like the perpetual: a lookup by name must refuse them with the candidates
 * rather than pick one, and nothing is signed or sent.
 */

const PURR_A = `0x${"a".repeat(32)}`;
const PURR_B = `0x${"b".repeat(32)}`;
const token = (name: string, index: number, tokenId: string) => ({
  name,
  szDecimals: 0,
  weiDecimals: 5,
  index,
  tokenId,
  isCanonical: index < 2,
});
const META = { universe: [{ name: "BTC", szDecimals: 5, maxLeverage: 40 }] };
const SPOT_META = {
  tokens: [
    token("USDC", 0, `0x${"0".repeat(32)}`),
    token("PURR", 1, PURR_A),
    token("PURR", 2, PURR_B),
    token("XBT", 3, `0x${"c".repeat(32)}`),
  ],
  universe: [
    { name: "PURR/USDC", tokens: [1, 0], index: 0, isCanonical: true },
    { name: "@1", tokens: [2, 0], index: 1, isCanonical: false },
    { name: "BTC", tokens: [3, 0], index: 2, isCanonical: false },
  ],
};

let server: HostileServer;

beforeAll(async () => {
  server = await startHostileServer((request, response) => {
    const type = request.url === "/info" ? (JSON.parse(request.text) as { type: string }).type : "";
    const body =
      type === "meta"
        ? META
        : type === "spotMeta"
          ? SPOT_META
          : { status: "ok", response: { type: "default" } };
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
  });
});
afterAll(() => server.close());

const sentToExchange = () => server.requests.filter((request) => request.url === "/exchange").length;

describe("item 10: names the exchange's lists repeat", () => {
  it("refuses a token name two tokens share, listing both as NAME:tokenId, before signing", async () => {
    const exchange = createExchangeClient({
      baseUrl: server.url,
      privateKey: `0x${"7".repeat(64)}`,
      network: "mainnet",
      retry: false,
    });
    const destination = `0x${"1".repeat(40)}`;
    const before = sentToExchange();
    const error = await exchange
      .spotSend({ destination, token: "PURR", amount: "1" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).field).toBe("/token");
    expect((error as Error).message).toContain(`"PURR:${PURR_A}", "PURR:${PURR_B}"`);
    expect((error as Error).message).toMatch(/pass the one you mean as NAME:tokenId/);
    expect(sentToExchange()).toBe(before);

    await exchange.spotSend({ destination, token: `PURR:${PURR_B}`, amount: "1" });
    expect(sentToExchange()).toBe(before + 1);
    expect(server.requests.at(-1)?.text).toContain(`PURR:${PURR_B}`);
  });

  it("refuses an asset name a perpetual and a spot pair share, listing both indexes", async () => {
    const info = createInfoClient({ baseUrl: server.url, retry: false });
    const assets = await info.assets();
    const error = (() => {
      try {
        return assets.index("BTC");
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).field).toBe("/name");
    expect((error as Error).message).toMatch(/0 \(perpetual "BTC"\), 10002 \(spot pair "BTC"\)/);
    expect((error as Error).message).toMatch(/pass the index of the one you mean/);
    expect(() => assets.get("BTC")).toThrow(RequestValidationError);
    expect(assets.get(0)?.kind).toBe("perp");
    expect(assets.get(10002)?.kind).toBe("spot");
    // The service's own pair name stays unambiguous although two pairs are PURR/USDC by their tokens.
    expect(assets.index("PURR/USDC")).toBe(10000);
  });
});
