import { describe, expect, it, vi } from "vitest";
import { nodeAuth } from "../../src/runtime/credentials/auth.js";
import { HttpError } from "../../src/runtime/errors/http-error.js";
import { JsonRpcError } from "../../src/runtime/errors/json-rpc-error.js";
import { RequestValidationError } from "../../src/runtime/errors/request-validation-error.js";
import { ResponseValidationError } from "../../src/runtime/errors/response-validation-error.js";
import { createJsonRpcClient } from "../../src/runtime/json-rpc/create-json-rpc-client.js";
import { blockNumber, getLt, getTransaction, HASH, sendRaw } from "./support/descriptors.js";
import { jsonRpcHandler, serversClosedAfterEach, type TestServer } from "./support/http-server.js";

const serve = serversClosedAfterEach();

/** A tiny node: block number, transactions (known hash only), and errors for unknown methods. */
const node = jsonRpcHandler((call) => {
  if (call.method === "eth_blockNumber") return { result: "0x2a" };
  if (call.method === "eth_getTransactionByHash")
    return { result: call.params[0] === HASH ? { hash: HASH } : null };
  return { error: { code: -32601, message: "method not found", data: { method: call.method } } };
});

const bodies = (s: TestServer) => s.requests.map((request) => JSON.parse(request.body) as unknown);

describe("JSON-RPC calls", () => {
  it("sends a 2.0 envelope to {url}/{token}{path} with increasing ids", async () => {
    const s = await serve(node);
    const rpc = createJsonRpcClient({
      url: s.url,
      path: "/evm",
      auth: nodeAuth({ token: "tok-0123456789" }),
      batch: false,
    });
    expect(await rpc.call(blockNumber, [])).toBe("0x2a");
    expect(await rpc.call(getTransaction, [HASH])).toEqual({ hash: HASH });
    expect(s.requests.map((r) => r.url)).toEqual(["/tok-0123456789/evm", "/tok-0123456789/evm"]);
    expect(bodies(s)).toEqual([
      { jsonrpc: "2.0", id: 1, method: "eth_blockNumber", params: [] },
      { jsonrpc: "2.0", id: 2, method: "eth_getTransactionByHash", params: [HASH] },
    ]);
  });

  it("sends basic auth to {url}{path}", async () => {
    const s = await serve(node);
    const rpc = createJsonRpcClient({
      url: s.url,
      path: "/evm",
      auth: nodeAuth({ username: "u", password: "p-0123456789" }),
    });
    await rpc.call(blockNumber, []);
    expect(s.requests[0]?.url).toBe("/evm");
    expect(s.requests[0]?.headers.authorization).toBe("Basic dTpwLTAxMjM0NTY3ODk=");
  });

  it("passes a null result through when the schema allows it", async () => {
    const s = await serve(node);
    const rpc = createJsonRpcClient({ url: s.url });
    expect(await rpc.call(getTransaction, [`0x${"00".repeat(32)}`])).toBeNull();
  });

  it("converts int64 result fields losslessly", async () => {
    const s = await serve(() => ({ body: '{"jsonrpc":"2.0","id":1,"result":{"lt":49000000000000001}}' }));
    expect(await createJsonRpcClient({ url: s.url }).call(getLt, [])).toEqual({ lt: 49000000000000001n });
  });

  it("reports JSON-RPC errors with code and data", async () => {
    const s = await serve(node);
    const error = await createJsonRpcClient({ url: s.url })
      .call({ ...sendRaw, name: "eth_nope" }, ["0x"])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JsonRpcError);
    expect(error).toMatchObject({ code: -32601, data: { method: "eth_nope" }, rpcMethod: "eth_nope" });
  });

  it("reads an error code sent as a decimal string, and refuses one that is no integer", async () => {
    const codes: unknown[] = ["-32000", "bad", 1.5, null];
    const s = await serve((_request, index) => ({
      body: { jsonrpc: "2.0", id: index + 1, error: { code: codes[index], message: 5 } },
    }));
    const rpc = createJsonRpcClient({ url: s.url, batch: false });
    const outcomes = [];
    for (const _code of codes) outcomes.push(await rpc.call(blockNumber, []).catch((e: unknown) => e));
    expect(outcomes[0]).toBeInstanceOf(JsonRpcError);
    expect(outcomes[0]).toMatchObject({ code: -32000 });
    for (const refused of outcomes.slice(1)) {
      expect(refused).toBeInstanceOf(ResponseValidationError);
      expect((refused as ResponseValidationError).issues[0]?.pointer).toBe("/error/code");
    }
  });

  it("checks the id echo", async () => {
    const s = await serve(() => ({ body: { jsonrpc: "2.0", id: 99, result: "0x1" } }));
    const error = await createJsonRpcClient({ url: s.url })
      .call(blockNumber, [])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues[0]?.pointer).toBe("/id");
  });

  it("validates results unless told not to", async () => {
    const s = await serve(jsonRpcHandler(() => ({ result: 42 })));
    const rpc = createJsonRpcClient({ url: s.url });
    const error = await rpc.call(blockNumber, []).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues[0]?.pointer).toBe("/result");
    expect(await rpc.call(blockNumber, [], { validateResponse: false })).toBe(42);
    expect(await createJsonRpcClient({ url: s.url, validateResponse: false }).call(blockNumber, [])).toBe(42);
  });

  it("checks params before sending, naming /params/<i>", async () => {
    const s = await serve(node);
    const rpc = createJsonRpcClient({ url: s.url });
    const error = await rpc.call(getTransaction, ["0x12"]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).field).toBe("/params/0");
    const batchError = await rpc
      .batch([
        { method: blockNumber, params: [] },
        { method: getTransaction, params: [7] },
      ])
      .catch((e: unknown) => e);
    expect((batchError as RequestValidationError).field).toBe("/1/params/0");
    expect(s.requests).toHaveLength(0);
  });

  it("maps HTTP failures (401, 413) to HttpError", async () => {
    const s = await serve((_request, index) =>
      index === 0 ? { status: 401, body: "unauthorized" } : { status: 413, body: "request entity too large" },
    );
    const rpc = createJsonRpcClient({ url: s.url });
    await expect(rpc.call(blockNumber, [])).rejects.toMatchObject({ name: "HttpError", status: 401 });
    await expect(rpc.call(blockNumber, [])).rejects.toBeInstanceOf(HttpError);
  });
});

describe("JSON-RPC batches", () => {
  it("sends one request and returns outcomes in order, each its own success or error", async () => {
    const s = await serve((request) => {
      const answer = node(request) as { body: unknown[] };
      return { body: [...answer.body].reverse() }; // servers may answer out of order
    });
    const rpc = createJsonRpcClient({ url: s.url });
    const outcomes = await rpc.batch([
      { method: blockNumber, params: [] },
      { method: { ...sendRaw, name: "eth_nope" }, params: ["0x"] },
      { method: getTransaction, params: [HASH] },
      { method: getTransaction, params: [`0x${"00".repeat(32)}`] },
    ]);
    expect(s.requests).toHaveLength(1);
    expect(outcomes[0]).toEqual({ result: "0x2a" });
    expect("error" in (outcomes[1] ?? {}) && (outcomes[1] as { error: unknown }).error).toBeInstanceOf(
      JsonRpcError,
    );
    expect(outcomes[2]).toEqual({ result: { hash: HASH } });
    expect(outcomes[3]).toEqual({ result: null });
    expect((bodies(s)[0] as { id: number }[]).map((call) => call.id)).toEqual([1, 2, 3, 4]);
  });

  it("splits batches larger than maxSize", async () => {
    const s = await serve(node);
    const rpc = createJsonRpcClient({ url: s.url, batch: { maxSize: 2 } });
    const outcomes = await rpc.batch(Array.from({ length: 5 }, () => ({ method: blockNumber, params: [] })));
    expect(outcomes).toEqual(Array.from({ length: 5 }, () => ({ result: "0x2a" })));
    expect(
      bodies(s)
        .map((body) => (body as unknown[]).length)
        .sort(),
    ).toEqual([1, 2, 2]);
  });

  it("reports an entry the server left out", async () => {
    const s = await serve(() => ({ body: [{ jsonrpc: "2.0", id: 1, result: "0x1" }] }));
    const outcomes = await createJsonRpcClient({ url: s.url }).batch([
      { method: blockNumber, params: [] },
      { method: blockNumber, params: [] },
    ]);
    expect(outcomes[0]).toEqual({ result: "0x1" });
    expect((outcomes[1] as { error: unknown }).error).toBeInstanceOf(ResponseValidationError);
  });

  it("sends nothing for an empty batch", async () => {
    const s = await serve(node);
    expect(await createJsonRpcClient({ url: s.url }).batch([])).toEqual([]);
    expect(s.requests).toHaveLength(0);
  });
});

describe("automatic batching", () => {
  it("sends the calls of one tick as one request, results in order, errors per call", async () => {
    const s = await serve(node);
    const rpc = createJsonRpcClient({ url: s.url });
    const results = await Promise.allSettled([
      rpc.call(blockNumber, []),
      rpc.call(getTransaction, [HASH]),
      rpc.call({ ...sendRaw, name: "eth_nope" }, ["0x"]),
      rpc.call(getTransaction, [`0x${"00".repeat(32)}`]),
    ]);
    expect(s.requests).toHaveLength(1);
    expect((bodies(s)[0] as unknown[]).length).toBe(4);
    expect(results.map((r) => (r.status === "fulfilled" ? r.value : (r.reason as Error).name))).toEqual([
      "0x2a",
      { hash: HASH },
      "JsonRpcError",
      null,
    ]);
    expect(rpc.usage().requests).toBe(1);
  });

  it("sends a lone call as a plain (non-array) request", async () => {
    const s = await serve(node);
    await createJsonRpcClient({ url: s.url }).call(blockNumber, []);
    expect(Array.isArray(bodies(s)[0])).toBe(false);
  });

  it("sends a lone call at once, without waiting for a timer", async () => {
    const s = await serve(node);
    // Timers never fire here: the call completes only if the flush is not a timer.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      expect(await createJsonRpcClient({ url: s.url }).call(blockNumber, [])).toBe("0x2a");
    } finally {
      vi.useRealTimers();
    }
    expect(s.requests).toHaveLength(1);
  });

  it("batches the calls that parallel chains make after awaiting the previous batch", async () => {
    const s = await serve(node);
    const rpc = createJsonRpcClient({ url: s.url });
    const chain = async () => {
      await rpc.call(blockNumber, []);
      return rpc.call(getTransaction, [HASH]);
    };
    expect(await Promise.all([chain(), chain(), chain()])).toEqual([
      { hash: HASH },
      { hash: HASH },
      { hash: HASH },
    ]);
    expect(s.requests).toHaveLength(2);
    expect(bodies(s).map((body) => (body as unknown[]).length)).toEqual([3, 3]);
  });

  it("with wait > 0, collects calls made in later ticks until the timer fires", async () => {
    const s = await serve(node);
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const rpc = createJsonRpcClient({ url: s.url, batch: { wait: 20 } });
      const first = rpc.call(blockNumber, []);
      await new Promise((resolve) => setImmediate(resolve));
      const second = rpc.call(getTransaction, [HASH]);
      await new Promise((resolve) => setImmediate(resolve));
      expect(s.requests).toHaveLength(0);
      vi.advanceTimersByTime(20);
      expect(await Promise.all([first, second])).toEqual(["0x2a", { hash: HASH }]);
    } finally {
      vi.useRealTimers();
    }
    expect(s.requests).toHaveLength(1);
  });

  it("caps an automatic batch at maxSize", async () => {
    const s = await serve(node);
    const rpc = createJsonRpcClient({ url: s.url, batch: { maxSize: 3 } });
    await Promise.all(Array.from({ length: 7 }, () => rpc.call(blockNumber, [])));
    expect(s.requests).toHaveLength(3);
  });

  it("can be turned off", async () => {
    const s = await serve(node);
    const rpc = createJsonRpcClient({ url: s.url, batch: false });
    await Promise.all([rpc.call(blockNumber, []), rpc.call(blockNumber, []), rpc.call(blockNumber, [])]);
    expect(s.requests).toHaveLength(3);
  });
});
