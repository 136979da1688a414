import type { NonceSource } from "chainkit/exchange";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createExchangeSurface } from "../../src/sandbox/exchange/exchange-surface.js";
import { type SurfaceServer, serveSurface } from "../../src/sandbox/http-server.js";

/**
 * Issue 31, finding 17: two processes signing with one key. A nonce is unique within one process,
 * whose clients share a queue per key; each process has its own, so two processes are two separate
 * loads of the exchange module here (vi.resetModules), each with its client, against the sandbox's
 * exchange, which refuses a nonce it has seen from the signer as the service does.
 */

type ExchangeModule = typeof import("chainkit/exchange");
let server: SurfaceServer;
let surface: ReturnType<typeof createExchangeSurface>;
beforeAll(async () => {
  surface = createExchangeSurface({ seed: 3 });
  server = await serveSurface({ name: "exchange", auth: "none", handler: surface.handler });
});
afterAll(async () => {
  await server.close();
  surface.close();
});

/** A fresh load of `chainkit/exchange`: the module state one process would have. */
async function processModule(): Promise<ExchangeModule> {
  vi.resetModules();
  return import("chainkit/exchange");
}

/** 15 actions from each of two "processes", interleaved: the nonces each used, and the refusals. */
async function burst(sources: (exchange: ExchangeModule, index: number) => NonceSource) {
  const clients = [];
  // One after the other: each load must finish before the registry is reset for the next.
  for (const index of [0, 1]) {
    const exchange = await processModule();
    clients.push(
      exchange.createExchangeClient({
        baseUrl: server.url,
        privateKey: surface.demo.privateKey as `0x${string}`,
        network: "mainnet",
        retry: false,
        nonces: sources(exchange, index),
      }),
    );
  }
  const outcomes = await Promise.all(
    clients.flatMap((client) =>
      Array.from({ length: 15 }, () => client.scheduleCancel().catch((error: Error) => error)),
    ),
  );
  const refused = outcomes
    .filter((outcome) => outcome instanceof Error)
    .map((error) => (error as Error).message);
  const nonces = outcomes.flatMap((outcome) => (outcome instanceof Error ? [] : [outcome.nonce]));
  return { refused, nonces };
}

describe("finding 17: two processes sharing a key", () => {
  it("collide on the clock alone: the exchange refuses duplicate nonces (what the partition prevents)", async () => {
    const start = Date.now();
    const { refused } = await burst((exchange) => exchange.timeNonces(() => start));
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]).toMatch(/duplicate nonce/);
  });

  it("never collide with partitionedNonces, even on the same millisecond", async () => {
    const start = Date.now() + 10_000;
    const { refused, nonces } = await burst((exchange, index) =>
      exchange.partitionedNonces({ index, count: 2, now: () => start }),
    );
    expect(refused).toEqual([]);
    expect(nonces).toHaveLength(30);
    expect(new Set(nonces).size).toBe(30);
  });

  it("refuses a partition that does not fit, and a source that goes back, before signing", async () => {
    const exchange = await processModule();
    const fixed = Date.now() + 20_000;
    expect(() => exchange.partitionedNonces({ index: 2, count: 2 })).toThrow(exchange.ConfigurationError);
    const client = exchange.createExchangeClient({
      baseUrl: server.url,
      privateKey: surface.demo.privateKey as `0x${string}`,
      network: "mainnet",
      nonces: () => fixed,
    });
    await client.scheduleCancel();
    await expect(client.scheduleCancel()).rejects.toThrow(`not a whole number above the last nonce ${fixed}`);
  });
});
