import { createEvmClient, HttpError, JsonRpcError, RequestValidationError } from "chainkit/evm";
import { afterEach, describe, expect, it } from "vitest";
import {
  type Handler,
  type LoopbackServer,
  type Reply,
  startLoopbackServer,
} from "../support/loopback-server.js";

// evm.unvalidatedRequest sends what the spec does not describe, with the client's credentials,
// batching and (only when told the method reads) retries; nothing is validated either way.

interface Envelope {
  jsonrpc: string;
  id: number;
  method: string;
  params: unknown[];
}

let node: LoopbackServer | undefined;
afterEach(async () => {
  await node?.close();
  node = undefined;
});

/** A node whose answer to each call is `result(call)`; single requests and batches alike. */
async function serve(
  result: (call: Envelope) => unknown,
  before?: (request: Parameters<Handler>[0]) => Reply | undefined,
): Promise<LoopbackServer> {
  node = await startLoopbackServer(async (request) => {
    const early = before?.(request);
    if (early) return early;
    const body = request.json as Envelope | Envelope[];
    const answer = (call: Envelope) => ({ jsonrpc: "2.0", id: call.id, result: result(call) });
    return { body: Array.isArray(body) ? body.map(answer) : answer(body) };
  });
  return node;
}

const TOKEN = "unvalidated-tok-71";

describe("evm.unvalidatedRequest", () => {
  it("sends a method outside the spec with the token in the path, params as given, result unchecked", async () => {
    const s = await serve((call) => ({ echoed: call.params, type: "callTracer" }));
    const evm = createEvmClient({ url: s.url, credentials: { token: TOKEN } });
    const params = ["0xabc", { tracer: "callTracer" }];
    expect(await evm.unvalidatedRequest("debug_traceTransaction", params)).toEqual({
      echoed: params,
      type: "callTracer",
    });
    expect(s.requests[0]?.path).toBe(`/${TOKEN}/evm`);
    expect(s.requests[0]?.json).toEqual({ jsonrpc: "2.0", id: 1, method: "debug_traceTransaction", params });
  });

  it("sends basic credentials, and params [] when none are given", async () => {
    const s = await serve(() => "0x1");
    const evm = createEvmClient({ url: s.url, credentials: { username: "u", password: "p-0123456789" } });
    expect(await evm.unvalidatedRequest<string>("eth_protocolVersion")).toBe("0x1");
    expect(s.requests[0]?.headers.authorization).toBe(
      `Basic ${Buffer.from("u:p-0123456789").toString("base64")}`,
    );
    expect(s.requests[0]?.json).toMatchObject({ params: [] });
  });

  it("does not validate a method the spec lists either", async () => {
    const s = await serve(() => "not a quantity");
    const evm = createEvmClient({ url: s.url, credentials: { token: TOKEN } });
    expect(await evm.unvalidatedRequest("eth_blockNumber", ["unexpected"])).toBe("not a quantity");
    await expect(evm.eth_blockNumber()).rejects.toThrowError(/result/);
  });

  it("joins automatic batching with the typed methods", async () => {
    const s = await serve((call) => (call.method === "eth_chainId" ? "0x3e7" : [call.method]));
    const evm = createEvmClient({ url: s.url, credentials: { token: TOKEN } });
    const [chainId, custom] = await Promise.all([
      evm.eth_chainId(),
      evm.unvalidatedRequest("hl_custom", [1], { idempotent: true }),
    ]);
    expect([chainId, custom]).toEqual(["0x3e7", ["hl_custom"]]);
    expect(s.requests).toHaveLength(1);
    expect(((s.requests[0]?.json ?? []) as Envelope[]).map((call) => call.method)).toEqual([
      "eth_chainId",
      "hl_custom",
    ]);
  });

  it("retries a failed exchange only when told the method is idempotent", async () => {
    let failures = 0;
    const s = await serve(
      () => "0x5",
      () => (failures-- > 0 ? { status: 503, body: "unavailable" } : undefined),
    );
    const evm = createEvmClient({
      url: s.url,
      credentials: { token: TOKEN },
      retry: { retries: 2, baseDelay: 1 },
    });
    failures = 1;
    const once = await evm
      .unvalidatedRequest("eth_sendPrivateTransaction", ["0x00"])
      .catch((e: unknown) => e);
    expect(once).toBeInstanceOf(HttpError);
    expect(s.requests).toHaveLength(1);
    failures = 1;
    expect(await evm.unvalidatedRequest("eth_readSomething", [], { idempotent: true })).toBe("0x5");
    expect(s.requests).toHaveLength(3);
  });

  it("reports a node's JSON-RPC error as JsonRpcError", async () => {
    node = await startLoopbackServer((request) => ({
      body: {
        jsonrpc: "2.0",
        id: (request.json as Envelope).id,
        error: { code: -32601, message: "the method debug_x does not exist" },
      },
    }));
    const evm = createEvmClient({ url: node.url, credentials: { token: TOKEN } });
    const error = await evm.unvalidatedRequest("debug_x").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JsonRpcError);
    expect(error).toMatchObject({ code: -32601, rpcMethod: "debug_x" });
  });

  it("refuses an empty method name or params that are not an array, before sending", async () => {
    const s = await serve(() => null);
    const evm = createEvmClient({ url: s.url, credentials: { token: TOKEN } });
    for (const [method, params, pointer] of [
      ["", [], "/method"],
      [42, [], "/method"],
      ["eth_x", { not: "an array" }, "/params"],
    ] as const) {
      const error = await evm.unvalidatedRequest(method as never, params as never).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RequestValidationError);
      expect((error as RequestValidationError).field).toBe(pointer);
    }
    expect(s.requests).toHaveLength(0);
  });
});
