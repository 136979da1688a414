import { describe, expect, it } from "vitest";
import { RequestValidationError } from "../../src/runtime/errors/request-validation-error.js";
import { createJsonRpcClient } from "../../src/runtime/json-rpc/create-json-rpc-client.js";
import { deferredJsonRpcClient } from "../../src/runtime/json-rpc/deferred-json-rpc-client.js";
import type { RestOperation, RpcMethod } from "../../src/runtime/operation.js";
import { createRestCaller } from "../../src/runtime/rest/create-rest-caller.js";
import { deferredRestCaller } from "../../src/runtime/rest/deferred-rest-caller.js";
import { createUsageMeter } from "../../src/runtime/usage/usage-meter.js";
import { loadedValidators, loadValidators } from "../../src/runtime/validation/load-validators.js";
import { blockNumber, createThing, getTransaction, HASH } from "./support/descriptors.js";
import { jsonRpcHandler, type SeenRequest, serversClosedAfterEach } from "./support/http-server.js";

const serve = serversClosedAfterEach();

/** A copy of a descriptor whose validators are not loaded yet, counting how often they are imported. */
function fresh<T extends RpcMethod | RestOperation>(descriptor: T): T & { imports: () => number } {
  let imports = 0;
  const load = descriptor.validators as () => Promise<unknown>;
  return {
    ...descriptor,
    validators: () => {
      imports += 1;
      return load();
    },
    imports: () => imports,
  } as unknown as T & { imports: () => number };
}

const node = jsonRpcHandler((call) =>
  call.method === "eth_blockNumber" ? { result: "0x2a" } : { result: { hash: HASH } },
);

const sent = (requests: readonly SeenRequest[]) => requests.map((request) => JSON.parse(request.body));

describe("validators loaded on first use", () => {
  it("imports a module once for calls made together, then answers without waiting", async () => {
    const method = fresh(blockNumber);
    expect(loadedValidators(method)).toBeUndefined();
    const [a, b] = await Promise.all([loadValidators(method), loadValidators(method)]);
    expect(a).toBe(b);
    expect(method.imports()).toBe(1);
    expect(loadedValidators(method)).toBe(a);
  });

  it("does not keep a failed import: the next call imports again", async () => {
    let attempts = 0;
    const flaky: RpcMethod = {
      ...blockNumber,
      validators: () => {
        attempts += 1;
        return attempts === 1 ? Promise.reject(new Error("chunk failed to load")) : blockNumber.validators();
      },
    };
    await expect(loadValidators(flaky)).rejects.toThrow("chunk failed to load");
    expect(loadedValidators(flaky)).toBeUndefined();
    await expect(loadValidators(flaky)).resolves.toHaveProperty("params");
  });
});

describe("JSON-RPC calls whose validators are still loading", () => {
  it("share one batch with the calls of the same tick; invalid params are refused before anything is sent", async () => {
    const server = await serve(node);
    const rpc = createJsonRpcClient({ url: server.url });
    const number = fresh(blockNumber);
    const transaction = fresh(getTransaction);
    const calls = [
      rpc.call(number, []),
      rpc.call(transaction, [HASH]),
      rpc.call(transaction, ["0x12"]).catch((error: unknown) => error),
    ];
    const [height, found, refused] = await Promise.all(calls);
    expect(height).toBe("0x2a");
    expect(found).toEqual({ hash: HASH });
    expect(refused).toBeInstanceOf(RequestValidationError);
    expect((refused as RequestValidationError).field).toBe("/params/0");
    expect(server.requests).toHaveLength(1);
    expect(sent(server.requests)[0].map((call: { method: string }) => call.method)).toEqual([
      "eth_blockNumber",
      "eth_getTransactionByHash",
    ]);
    expect([number.imports(), transaction.imports()]).toEqual([1, 1]);
  });

  it("leave out only the call whose validators cannot be imported", async () => {
    const server = await serve(node);
    const rpc = createJsonRpcClient({ url: server.url });
    const broken: RpcMethod = { ...blockNumber, validators: () => Promise.reject(new Error("gone")) };
    const [failed, found] = await Promise.all([
      rpc.call(broken, []).catch((error: unknown) => error),
      rpc.call(fresh(getTransaction), [HASH]),
    ]);
    expect((failed as Error).message).toBe("gone");
    expect(found).toEqual({ hash: HASH });
    expect(sent(server.requests)).toEqual([
      { jsonrpc: "2.0", id: 1, method: "eth_getTransactionByHash", params: [HASH] },
    ]);
  });

  it("an explicit batch waits for every method's validators, then sends one request", async () => {
    const server = await serve(node);
    const rpc = createJsonRpcClient({ url: server.url });
    const outcomes = await rpc.batch([
      { method: fresh(blockNumber), params: [] },
      { method: fresh(getTransaction), params: [HASH] },
    ]);
    expect(outcomes).toEqual([{ result: "0x2a" }, { result: { hash: HASH } }]);
    expect(server.requests).toHaveLength(1);
    await expect(rpc.batch([{ method: fresh(getTransaction), params: ["0x1"] }])).rejects.toThrow(
      RequestValidationError,
    );
    expect(server.requests).toHaveLength(1);
  });
});

describe("REST calls whose validators are still loading", () => {
  it("check the request before sending and import the module once", async () => {
    const server = await serve(() => ({ status: 201, body: { id: "TH-1" } }));
    const caller = createRestCaller({ baseUrl: server.url });
    const create = fresh(createThing);
    const refused = await caller
      .call(create, { body: { name: "", region: "mars" } })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RequestValidationError);
    expect(server.requests).toHaveLength(0);
    expect(await caller.call(create, { body: { name: "n", region: "eu3" } })).toEqual({ id: "TH-1" });
    expect(create.imports()).toBe(1);
  });
});

describe("clients whose call path loads on the first call", () => {
  /** A gate the call path's load waits at, so a test sees what starts while it loads. */
  function gate(): { passed: Promise<void>; open: () => void } {
    let open = () => {};
    const passed = new Promise<void>((resolve) => {
      open = resolve;
    });
    return { passed, open };
  }

  /** A deferred JSON-RPC client to the test node whose call path loads once `loading` is opened. */
  async function heldJsonRpcClient() {
    const server = await serve(node);
    const meter = createUsageMeter();
    const loading = gate();
    const rpc = deferredJsonRpcClient(
      () => loading.passed.then(() => createJsonRpcClient({ url: server.url, usage: { meter } })),
      () => meter.snapshot(),
    );
    return { rpc, loading };
  }

  it("JSON-RPC: the first call imports its method's validators while the call path loads", async () => {
    const { rpc, loading } = await heldJsonRpcClient();
    const method = fresh(blockNumber);
    const answer = rpc.call(method, []);
    await Promise.resolve();
    expect(method.imports()).toBe(1);
    loading.open();
    expect(await answer).toBe("0x2a");
    expect(method.imports()).toBe(1);
  });

  it("JSON-RPC: a batch imports every method's validators early; a malformed batch is the client's to refuse", async () => {
    const { rpc, loading } = await heldJsonRpcClient();
    const [one, two] = [fresh(blockNumber), fresh(getTransaction)];
    const answers = rpc.batch([
      { method: one, params: [] },
      { method: two, params: [HASH] },
    ]);
    const malformed = rpc.batch("not calls" as never).catch((e: unknown) => e);
    await Promise.resolve();
    expect([one.imports(), two.imports()]).toEqual([1, 1]);
    loading.open();
    expect(await answers).toHaveLength(2);
    expect(await malformed).toBeInstanceOf(Error);
  });

  it("REST: the first call imports its operation's validators while the call path loads", async () => {
    const server = await serve(() => ({ status: 201, body: { id: "TH-1" } }));
    const loading = gate();
    const caller = deferredRestCaller({ baseUrl: server.url }, (options) =>
      loading.passed.then(() => createRestCaller(options)),
    );
    const create = fresh(createThing);
    const answer = caller.call(create, { body: { name: "n", region: "eu3" } });
    await Promise.resolve();
    expect(create.imports()).toBe(1);
    loading.open();
    expect(await answer).toEqual({ id: "TH-1" });
    expect(create.imports()).toBe(1);
  });
});
