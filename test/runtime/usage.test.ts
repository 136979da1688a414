import { afterEach, describe, expect, it } from "vitest";
import { AbortError } from "../../src/runtime/errors/abort-error.js";
import { ConfigurationError } from "../../src/runtime/errors/configuration-error.js";
import { createJsonRpcClient } from "../../src/runtime/json-rpc/create-json-rpc-client.js";
import { createRestCaller } from "../../src/runtime/rest/create-rest-caller.js";
import { createUsageMeter } from "../../src/runtime/usage/usage-meter.js";
import { blockNumber, createThing, getThing } from "./support/descriptors.js";
import { jsonRpcHandler, startServer, type TestServer } from "./support/http-server.js";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const THING = { id: "TH-1", total_supply: 1 };

/** Lets pending timers and I/O callbacks run a few times. */
const turns = async (count = 5) => {
  for (let i = 0; i < count; i++) await new Promise((resolve) => setTimeout(resolve, 1));
};

describe("usage counts", () => {
  it("counts every request and the weight each call declares", async () => {
    server = await startServer(() => ({ status: 201, body: { id: "x" } }));
    const caller = createRestCaller({ baseUrl: server.url });
    expect(caller.usage()).toEqual({ requests: 0, weight: 0 });
    await caller.call(createThing, { body: { name: "n", region: "eu3" } });
    await caller.call(createThing, { body: { name: "n", region: "eu3" } }, { weight: 4 });
    expect(caller.usage()).toEqual({ requests: 2, weight: 5 });
  });

  it("counts a JSON-RPC batch as one request", async () => {
    server = await startServer(jsonRpcHandler(() => ({ result: "0x1" })));
    const rpc = createJsonRpcClient({ url: server.url });
    await rpc.batch([
      { method: blockNumber, params: [] },
      { method: blockNumber, params: [] },
    ]);
    await Promise.all([rpc.call(blockNumber, []), rpc.call(blockNumber, [])]);
    expect(rpc.usage()).toEqual({ requests: 2, weight: 2 });
  });

  it("does not count calls refused before sending", async () => {
    server = await startServer(() => ({ body: THING }));
    const caller = createRestCaller({ baseUrl: server.url });
    await expect(caller.call(getThing, { path: { id: "bad" } })).rejects.toThrow();
    expect(caller.usage().requests).toBe(0);
  });

  it("can share one meter between callers", async () => {
    server = await startServer(() => ({ body: THING }));
    const meter = createUsageMeter();
    const a = createRestCaller({ baseUrl: server.url, usage: { meter } });
    const b = createRestCaller({ baseUrl: server.url, usage: { meter } });
    await a.call(getThing, { path: { id: "TH-1" } });
    await b.call(getThing, { path: { id: "TH-1" } });
    expect(meter.snapshot().requests).toBe(2);
    expect(a.usage()).toEqual(b.usage());
  });

  it("counts at once without a budget, and never through tryAcquire with one", () => {
    const free = createUsageMeter();
    expect(free.tryAcquire?.(3)).toBe(true);
    expect(free.snapshot()).toEqual({ requests: 1, weight: 3 });
    const paced = createUsageMeter({ requests: 5, intervalMs: 1_000 });
    expect(paced.tryAcquire?.(1)).toBe(false);
    expect(paced.snapshot()).toEqual({ requests: 0, weight: 0 });
  });

  it("does not count a call whose signal aborted before sending", async () => {
    server = await startServer(() => ({ body: THING }));
    const caller = createRestCaller({ baseUrl: server.url });
    const rpc = createJsonRpcClient({ url: server.url, batch: false });
    const signal = AbortSignal.abort();
    await expect(caller.call(getThing, { path: { id: "TH-1" } }, { signal })).rejects.toThrow(AbortError);
    await expect(rpc.call(blockNumber, [], { signal })).rejects.toThrow(AbortError);
    expect(caller.usage().requests + rpc.usage().requests).toBe(0);
  });

  it("asks a shared meter without tryAcquire through acquire", async () => {
    server = await startServer(() => ({ body: THING }));
    const inner = createUsageMeter();
    const weights: number[] = [];
    const meter = {
      acquire: (weight: number, signal?: AbortSignal) => {
        weights.push(weight);
        return inner.acquire(weight, signal);
      },
      snapshot: () => inner.snapshot(),
    };
    const caller = createRestCaller({ baseUrl: server.url, usage: { meter } });
    await caller.call(getThing, { path: { id: "TH-1" } }, { weight: 2 });
    expect(weights).toEqual([2]);
    expect(caller.usage()).toEqual({ requests: 1, weight: 2 });
  });
});

describe("budget pacing", () => {
  it("holds a request that would exceed the budget instead of sending it", async () => {
    server = await startServer(() => ({ body: THING }));
    const caller = createRestCaller({
      baseUrl: server.url,
      usage: { budget: { requests: 2, intervalMs: 60_000 } },
    });
    const controller = new AbortController();
    await Promise.all([
      caller.call(getThing, { path: { id: "TH-1" } }),
      caller.call(getThing, { path: { id: "TH-2" } }),
    ]);
    const third = caller.call(getThing, { path: { id: "TH-3" } }, { signal: controller.signal });
    await turns();
    expect(server.requests).toHaveLength(2);
    controller.abort();
    await expect(third).rejects.toBeInstanceOf(AbortError);
    expect(server.requests).toHaveLength(2);
    expect(caller.usage().requests).toBe(2);
  });

  it("sends held requests later, first come first served", async () => {
    server = await startServer(() => ({ body: THING }));
    const caller = createRestCaller({
      baseUrl: server.url,
      usage: { budget: { requests: 1, intervalMs: 20 } },
    });
    const ids = ["TH-1", "TH-2", "TH-3", "TH-4"];
    await Promise.all(ids.map((id) => caller.call(getThing, { path: { id } })));
    expect(server.requests.map((request) => request.url)).toEqual(ids.map((id) => `/v1/things/${id}/`));
  });

  it("paces by weight, letting a request heavier than the budget go alone", async () => {
    const meter = createUsageMeter({ weight: 5, intervalMs: 60_000 });
    await meter.acquire(3);
    const controller = new AbortController();
    let settled = false;
    const second = meter.acquire(3, controller.signal).finally(() => {
      settled = true;
    });
    await turns();
    expect(settled).toBe(false);
    controller.abort();
    await expect(second).rejects.toBeInstanceOf(AbortError);
    expect(meter.snapshot()).toEqual({ requests: 1, weight: 3 });

    const heavy = createUsageMeter({ weight: 5, intervalMs: 60_000 });
    await heavy.acquire(8);
    expect(heavy.snapshot()).toEqual({ requests: 1, weight: 8 });
  });

  it("refuses a budget that cannot work", () => {
    expect(() => createUsageMeter({ intervalMs: 1000 })).toThrow(ConfigurationError);
    expect(() => createUsageMeter({ requests: 0, intervalMs: 1000 })).toThrow(ConfigurationError);
    expect(() => createUsageMeter({ requests: 1, intervalMs: 0 })).toThrow(ConfigurationError);
  });
});
