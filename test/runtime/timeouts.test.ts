import { describe, expect, it } from "vitest";
import { AbortError } from "../../src/runtime/errors/abort-error.js";
import { ConfigurationError } from "../../src/runtime/errors/configuration-error.js";
import { TimeoutError } from "../../src/runtime/errors/timeout-error.js";
import { createJsonRpcClient } from "../../src/runtime/json-rpc/create-json-rpc-client.js";
import { createRestCaller } from "../../src/runtime/rest/create-rest-caller.js";
import { blockNumber, getThing } from "./support/descriptors.js";
import { serversClosedAfterEach } from "./support/http-server.js";

const serve = serversClosedAfterEach();

describe("timeouts", () => {
  it("ends a REST call that gets no answer with TimeoutError, and does not retry it", async () => {
    const server = await serve(() => "hang");
    const caller = createRestCaller({ baseUrl: server.url, timeout: 50, retry: { baseDelay: 1 } });
    const error = await caller.call(getThing, { path: { id: "TH-1" } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).timeout).toBe(50);
    expect(caller.usage().requests).toBe(1); // one attempt: timeouts are not retried
  });

  it("lets a call override the client's timeout", async () => {
    const server = await serve(() => "hang");
    const caller = createRestCaller({ baseUrl: server.url, timeout: 60_000 });
    const error = await caller
      .call(getThing, { path: { id: "TH-1" } }, { timeout: 30 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "TimeoutError", timeout: 30 });
  });

  it("treats a timeout longer than a timer can hold as no timeout, not as an instant one", async () => {
    const server = await serve(() => ({ body: { id: "TH-1", total_supply: 1 } }));
    const caller = createRestCaller({ baseUrl: server.url, timeout: Number.POSITIVE_INFINITY });
    await expect(caller.call(getThing, { path: { id: "TH-1" } })).resolves.toMatchObject({ id: "TH-1" });
    await expect(
      caller.call(getThing, { path: { id: "TH-1" } }, { timeout: 40 * 24 * 3600 * 1000 }),
    ).resolves.toMatchObject({ id: "TH-1" });
  });

  it("refuses a timeout that is not a positive number when the client is created", () => {
    for (const timeout of [0, -1, Number.NaN]) {
      expect(() => createRestCaller({ baseUrl: "http://127.0.0.1:1", timeout })).toThrow(ConfigurationError);
      expect(() => createJsonRpcClient({ url: "http://127.0.0.1:1", timeout })).toThrow(/option timeout/);
    }
  });

  // Audit: a call's own timeout was not checked: NaN turned the timeout off for the call (a stalled
  // server held it forever, whatever the client's timeout), 0 or -5 ended it as a TimeoutError.
  it("refuses a call's timeout that is not a positive number, before sending", async () => {
    const server = await serve(() => "hang");
    const caller = createRestCaller({ baseUrl: server.url, timeout: 50, retry: false });
    const rpc = createJsonRpcClient({ url: server.url, timeout: 50, retry: false });
    for (const timeout of [0, -5, Number.NaN, "100" as unknown as number]) {
      const rest = await caller
        .call(getThing, { path: { id: "TH-1" } }, { timeout })
        .catch((e: unknown) => e);
      expect(rest, String(timeout)).toBeInstanceOf(ConfigurationError);
      const call = await rpc.call(blockNumber, [], { timeout }).catch((e: unknown) => e);
      expect(call, String(timeout)).toBeInstanceOf(ConfigurationError);
    }
    expect(caller.usage().requests).toBe(0);
  });

  it("times out JSON-RPC calls too", async () => {
    const server = await serve(() => "hang");
    const rpc = createJsonRpcClient({ url: server.url, timeout: 40 });
    await expect(rpc.call(blockNumber, [])).rejects.toBeInstanceOf(TimeoutError);
  });
});

describe("abort", () => {
  it("stops a request under way with AbortError carrying the reason", async () => {
    const server = await serve(() => "hang");
    const caller = createRestCaller({ baseUrl: server.url });
    const controller = new AbortController();
    const pending = caller.call(getThing, { path: { id: "TH-1" } }, { signal: controller.signal });
    while (server.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort(new Error("user left"));
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortError);
    expect(((error as AbortError).cause as Error).message).toBe("user left");
  });

  it("sends nothing when the signal has already aborted", async () => {
    const server = await serve(() => ({ body: { id: "TH-1", total_supply: 1 } }));
    const caller = createRestCaller({ baseUrl: server.url });
    await expect(
      caller.call(getThing, { path: { id: "TH-1" } }, { signal: AbortSignal.abort() }),
    ).rejects.toBeInstanceOf(AbortError);
    const rpc = createJsonRpcClient({ url: server.url });
    await expect(rpc.call(blockNumber, [], { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(
      AbortError,
    );
    expect(server.requests).toHaveLength(0);
  });

  it("stops a retry wait", async () => {
    const server = await serve(() => ({ status: 429, headers: { "retry-after": "5" } }));
    const caller = createRestCaller({ baseUrl: server.url });
    const controller = new AbortController();
    const pending = caller.call(getThing, { path: { id: "TH-1" } }, { signal: controller.signal });
    while (server.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    await new Promise((resolve) => setTimeout(resolve, 20));
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(AbortError);
    expect(server.requests).toHaveLength(1);
  });
});
