/**
 * A burst of concurrent signed calls from one key, over real sockets, against the sandbox's exchange
 * (which keeps only the 100 highest nonces per signer, as the service does). Sent side by side, calls
 * overtake one another on their way and the overtaken ones are refused as "nonce too low"; the
 * client sends each signer's calls one after another in nonce order, so every one is accepted.
 */
import { createExchangeClient, type ExchangeError } from "chainkit/exchange";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createExchangeSurface } from "../../src/sandbox/exchange/exchange-surface.js";
import { type SurfaceServer, serveSurface } from "../../src/sandbox/http-server.js";

// 1,000 already fails without the queue (about 300 refused); EXCHANGE_BURST=10000 runs the burst.
const BURST = Number(process.env.EXCHANGE_BURST ?? 1_000);

let server: SurfaceServer;
let demoKey: `0x${string}`;

beforeAll(async () => {
  const surface = createExchangeSurface();
  demoKey = surface.demo.privateKey as `0x${string}`;
  server = await serveSurface({ name: "exchange", auth: "none", handler: surface.handler });
});
afterAll(() => server.close());

describe("a burst of signed calls from one key", () => {
  it(`accepts all of ${BURST} concurrent batchModify calls: they reach the exchange in nonce order`, {
    timeout: 30_000 + BURST * 50,
  }, async () => {
    const exchange = createExchangeClient({
      baseUrl: server.url,
      privateKey: demoKey,
      network: "mainnet",
      assets: false,
    });
    const order = { a: 0, b: true, p: "50000", s: "0.001", r: false, t: { limit: { tif: "Gtc" as const } } };
    const outcomes = await Promise.allSettled(
      Array.from({ length: BURST }, () => exchange.batchModify([{ oid: 1, order }])),
    );
    const refused = outcomes.flatMap((outcome) =>
      outcome.status === "rejected"
        ? [String((outcome.reason as ExchangeError).serviceMessage ?? outcome.reason)]
        : [],
    );
    expect(refused.slice(0, 3), `${refused.length} of ${BURST} refused`).toEqual([]);
    const nonces = outcomes.map(
      (outcome) => (outcome as PromiseFulfilledResult<{ nonce: number }>).value.nonce,
    );
    expect(new Set(nonces).size).toBe(BURST);
    expect(outcomes[0]?.status === "fulfilled" && outcomes[0].value.statuses).toEqual([
      { error: "Cannot modify canceled or filled order" },
    ]);
  });
});
