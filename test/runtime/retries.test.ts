import { describe, expect, it } from "vitest";
import { HttpError } from "../../src/runtime/errors/http-error.js";
import { NetworkError } from "../../src/runtime/errors/network-error.js";
import { RateLimitError } from "../../src/runtime/errors/rate-limit-error.js";
import { parseRetryAfter, parseTryAgainIn } from "../../src/runtime/http/retry-after.js";
import { nextRetryDelay, resolveRetryPolicy } from "../../src/runtime/http/retry-policy.js";
import { createJsonRpcClient } from "../../src/runtime/json-rpc/create-json-rpc-client.js";
import { createRestCaller } from "../../src/runtime/rest/create-rest-caller.js";
import { blockNumber, createThing, getThing, sendRaw } from "./support/descriptors.js";
import { type Answer, serversClosedAfterEach } from "./support/http-server.js";

const serve = serversClosedAfterEach();

const THING = { id: "TH-1", total_supply: 1 };
const FAST = { baseDelay: 1 };
const rateLimited = (tryAgainIn: string) => ({
  jsonrpc: "2.0",
  id: null,
  error: { code: -32005, message: "rate limited", data: { try_again_in: tryAgainIn } },
});

describe("REST retries", () => {
  it.each<[string, Answer]>([
    ["429 with Retry-After (seconds)", { status: 429, headers: { "retry-after": "0" } }],
    [
      "429 with Retry-After (HTTP date)",
      { status: 429, headers: { "retry-after": new Date(0).toUTCString() } },
    ],
    ["503", { status: 503, body: "unavailable" }],
    ["502", { status: 502 }],
    ["504", { status: 504 }],
    ["a dropped connection", "drop"],
  ])("retries an idempotent call after %s, then succeeds", async (_name, failure) => {
    const { url, requests } = await serve((_request, index) => (index < 2 ? failure : { body: THING }));
    const caller = createRestCaller({ baseUrl: url, retry: FAST });
    expect(await caller.call(getThing, { path: { id: "TH-1" } })).toEqual({ id: "TH-1", total_supply: 1n });
    expect(requests).toHaveLength(3);
    expect(caller.usage().requests).toBe(3);
  });

  it("never repeats a non-idempotent call", async () => {
    for (const failure of [
      { status: 503 },
      { status: 429, headers: { "retry-after": "0" } },
      "drop",
    ] as Answer[]) {
      const server = await serve(() => failure);
      const { url, requests } = server;
      const caller = createRestCaller({ baseUrl: url, retry: FAST });
      await expect(caller.call(createThing, { body: { name: "n", region: "eu3" } })).rejects.toBeInstanceOf(
        Error,
      );
      expect(requests).toHaveLength(1);
      await server.close();
    }
  });

  it("repeats a non-idempotent call when the caller says this exact request is safe to resend", async () => {
    const { url, requests } = await serve((_request, index) =>
      index === 0 ? { status: 503 } : { status: 201, body: { id: "x" } },
    );
    const caller = createRestCaller({ baseUrl: url, retry: FAST });
    await caller.call(createThing, { body: { name: "n", region: "eu3" } }, { idempotent: true });
    expect(requests).toHaveLength(2);
  });

  it("stops after the retry count and throws the last error", async () => {
    const { url, requests } = await serve(() => ({ status: 503 }));
    const caller = createRestCaller({ baseUrl: url, retry: { retries: 2, baseDelay: 1 } });
    const error = await caller.call(getThing, { path: { id: "TH-1" } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(503);
    expect(requests).toHaveLength(3);
  });

  it("does not retry other statuses, or when retry is off", async () => {
    const { url, requests } = await serve((_request, index) =>
      index === 0 ? { status: 500 } : { status: 503 },
    );
    await expect(
      createRestCaller({ baseUrl: url, retry: FAST }).call(getThing, { path: { id: "TH-1" } }),
    ).rejects.toMatchObject({
      status: 500,
    });
    await expect(
      createRestCaller({ baseUrl: url, retry: false }).call(getThing, { path: { id: "TH-1" } }),
    ).rejects.toMatchObject({
      status: 503,
    });
    expect(requests).toHaveLength(2);
  });

  it("gives up at once when Retry-After is longer than maxDelay, keeping the wait on the error", async () => {
    const { url, requests } = await serve(() => ({ status: 429, headers: { "retry-after": "3600" } }));
    const error = await createRestCaller({ baseUrl: url })
      .call(getThing, { path: { id: "TH-1" } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBe(3_600_000);
    expect(requests).toHaveLength(1);
  });

  it("reports a refused connection as NetworkError after retrying", async () => {
    const { url, close } = await serve(() => ({ body: THING }));
    await close();
    const error = await createRestCaller({ baseUrl: url, retry: { retries: 1, baseDelay: 1 } })
      .call(getThing, { path: { id: "TH-1" } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
  });
});

describe("JSON-RPC retries", () => {
  it("retries -32005 inside HTTP 200, waiting try_again_in, then succeeds", async () => {
    const { url, requests } = await serve((request, index) => {
      const { id } = JSON.parse(request.body) as { id: number };
      return {
        body:
          index < 2
            ? { ...rateLimited(index === 0 ? "2ms" : "1500µs"), id }
            : { jsonrpc: "2.0", id, result: "0x10" },
      };
    });
    const rpc = createJsonRpcClient({ url, retry: FAST, batch: false });
    expect(await rpc.call(blockNumber, [])).toBe("0x10");
    expect(requests).toHaveLength(3);
    const ids = requests.map((r) => (JSON.parse(r.body) as { id: number }).id);
    expect(ids).toEqual([1, 2, 3]);
  });

  it("retries HTTP 429 and 503 for read-only methods", async () => {
    const { url, requests } = await serve((request, index) => {
      if (index === 0) return { status: 429, body: rateLimited("1ms") };
      if (index === 1) return { status: 503 };
      const { id } = JSON.parse(request.body) as { id: number };
      return { body: { jsonrpc: "2.0", id, result: "0x1" } };
    });
    expect(await createJsonRpcClient({ url, retry: FAST }).call(blockNumber, [])).toBe("0x1");
    expect(requests).toHaveLength(3);
  });

  it("does not repeat a write, and reports -32005 as RateLimitError with the wait", async () => {
    const { url, requests } = await serve((request) => ({
      body: { ...rateLimited("250ms"), id: (JSON.parse(request.body) as { id: number }).id },
    }));
    const error = await createJsonRpcClient({ url, retry: FAST })
      .call(sendRaw, ["0x00"])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({
      retryAfter: 250,
      code: -32005,
      rpcMethod: "eth_sendRawTransaction",
      status: 200,
    });
    expect(requests).toHaveLength(1);
  });

  it("re-sends only the rate-limited entries of a batch", async () => {
    const { url, requests } = await serve((request) => {
      const calls = JSON.parse(request.body) as { id: number; method: string }[];
      return {
        body: calls.map((call, k) =>
          requests.length === 1 && k === 1
            ? { ...rateLimited("1ms"), id: call.id }
            : { jsonrpc: "2.0", id: call.id, result: call.method === "eth_blockNumber" ? "0x2" : "0xhash" },
        ),
      };
    });
    const rpc = createJsonRpcClient({ url, retry: FAST });
    const outcomes = await rpc.batch([
      { method: blockNumber, params: [] },
      { method: blockNumber, params: [] },
      { method: sendRaw, params: ["0x00"] },
    ]);
    expect(outcomes).toEqual([{ result: "0x2" }, { result: "0x2" }, { result: "0xhash" }]);
    expect(requests).toHaveLength(2);
    expect((JSON.parse(requests[1]?.body ?? "") as unknown[]).length).toBe(1);
  });
});

describe("wait hints and backoff", () => {
  it("reads Retry-After as seconds or an HTTP date", () => {
    expect(parseRetryAfter("2")).toBe(2000);
    expect(parseRetryAfter("0.5")).toBe(500);
    const now = Date.parse("Wed, 21 Oct 2015 07:27:58 GMT");
    expect(parseRetryAfter("Wed, 21 Oct 2015 07:28:00 GMT", now)).toBe(2000);
    expect(parseRetryAfter("Wed, 21 Oct 2015 07:27:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("soon")).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });

  it("reads try_again_in in ms, µs/us and s", () => {
    expect(parseTryAgainIn("250ms")).toBe(250);
    expect(parseTryAgainIn("1500µs")).toBe(2);
    expect(parseTryAgainIn("1500us")).toBe(2);
    expect(parseTryAgainIn("1s")).toBe(1000);
    expect(parseTryAgainIn("1.5s")).toBe(1500);
    expect(parseTryAgainIn(40)).toBe(40);
    expect(parseTryAgainIn("later")).toBeUndefined();
  });

  it("gives a field passed as undefined its default, and refuses a fractional retry count", () => {
    expect(resolveRetryPolicy({ retries: undefined, baseDelay: 50 })).toEqual({
      retries: 3,
      baseDelay: 50,
      maxDelay: 10_000,
      maxElapsed: 30_000,
    });
    expect(() => resolveRetryPolicy({ retries: 1.5 })).toThrow(/retry\.retries/);
    expect(() => resolveRetryPolicy({ maxDelay: -1 })).toThrow(/retry\.maxDelay/);
  });

  it("uses full jitter below an exponential cap, honours hints, and stops at the bounds", () => {
    const policy = resolveRetryPolicy({ retries: 3, baseDelay: 100, maxDelay: 1000, maxElapsed: 5000 });
    expect(nextRetryDelay(policy, 0, 0, undefined, 0.999)).toBe(99);
    expect(nextRetryDelay(policy, 2, 0, undefined, 0.5)).toBe(200);
    expect(nextRetryDelay(policy, 1, 0, undefined, 0)).toBe(0);
    expect(nextRetryDelay(policy, 0, 0, 700)).toBe(700);
    expect(nextRetryDelay(policy, 3, 0, undefined)).toBeUndefined();
    expect(nextRetryDelay(policy, 0, 0, 1001)).toBeUndefined();
    expect(nextRetryDelay(policy, 0, 4800, 300)).toBeUndefined();
  });
});
