import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type RpcAnswer, type ServedEvmSurface, serveEvmSurface } from "../support/evm-surface-server.js";

// The sandbox's EVM surface speaks JSON-RPC 2.0 as the standard says, so clients nobody here wrote
// (viem sends no params for eth_blockNumber; others use string ids or notifications) work unchanged.

let node: ServedEvmSurface;
beforeAll(async () => {
  node = await serveEvmSurface({ demoBlock: false });
});
afterAll(() => node.close());

describe("evm surface: JSON-RPC 2.0 requests", () => {
  test("params may be left out, and ids may be numbers, strings or null, echoed as sent", async () => {
    for (const id of [0, 7, "a-string-id", "", null]) {
      const { status, body } = await node.post({ jsonrpc: "2.0", method: "eth_chainId", id });
      expect(status).toBe(200);
      expect(body).toEqual({ jsonrpc: "2.0", id, result: "0x3e7" });
    }
  });

  test("a notification runs and gets no answer: HTTP 204 with no body", async () => {
    const before = await node.result<string>("eth_blockNumber");
    const { status, body } = await node.post({ jsonrpc: "2.0", method: "evm_mine" });
    expect({ status, body }).toEqual({ status: 204, body: undefined });
    const notified = await node.post({ jsonrpc: "2.0", method: "eth_chainId", params: [] });
    expect(notified.status).toBe(204);
    // evm_mine is not served on /evm: a notification of it is not answered, and changes nothing.
    expect(await node.result<string>("eth_blockNumber")).toBe(before);
  });

  test("a batch of notifications only gets HTTP 204 with no body", async () => {
    const { status, body } = await node.post([
      { jsonrpc: "2.0", method: "eth_chainId" },
      { jsonrpc: "2.0", method: "net_version", params: [] },
    ]);
    expect({ status, body }).toEqual({ status: 204, body: undefined });
  });

  test("a batch mixing requests, notifications and invalid entries answers each request once", async () => {
    const { status, body } = await node.post([
      { jsonrpc: "2.0", method: "eth_chainId", id: "first" },
      { jsonrpc: "2.0", method: "eth_chainId" },
      { jsonrpc: "2.0", method: "net_version", params: [], id: 2 },
      { jsonrpc: "2.0", method: "eth_noSuchMethod", id: null },
      { jsonrpc: "2.0", method: "eth_noSuchMethod" },
      1,
      { jsonrpc: "2.0", method: "eth_chainId", params: {}, id: "bad-params" },
    ]);
    expect(status).toBe(200);
    const answers = body as RpcAnswer[];
    expect(answers).toEqual([
      { jsonrpc: "2.0", id: "first", result: "0x3e7" },
      { jsonrpc: "2.0", id: 2, result: "999" },
      {
        jsonrpc: "2.0",
        id: null,
        error: expect.objectContaining({ code: -32601, message: "Method not found" }),
      },
      {
        jsonrpc: "2.0",
        id: null,
        error: expect.objectContaining({ code: -32600, message: "Invalid request" }),
      },
      { jsonrpc: "2.0", id: "bad-params", error: expect.objectContaining({ code: -32600 }) },
    ]);
  });
});

describe("evm surface: JSON-RPC 2.0 errors in their wire shapes", () => {
  test("-32700 for a body that is not JSON, with id null", async () => {
    const { status, body } = await node.post('{"jsonrpc": "2.0", "method": "eth_chainId", "id": 1');
    expect(status).toBe(200);
    expect(body).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } });
  });

  test("-32600 for an empty batch (one answer, not an array) and for entries that are not requests", async () => {
    expect((await node.post([])).body).toMatchObject({ id: null, error: { code: -32600 } });
    const { body } = await node.post([1, "x", []]);
    expect(body).toEqual(
      Array.from({ length: 3 }, () => ({
        jsonrpc: "2.0",
        id: null,
        error: { code: -32600, message: "Invalid request", data: "a request must be a JSON object" },
      })),
    );
  });

  test("-32600 for a bad envelope, echoing a usable id", async () => {
    const cases: [unknown, string | number | null][] = [
      [{ jsonrpc: "1.0", method: "eth_chainId", id: 1 }, 1],
      [{ jsonrpc: "2.0", method: "", id: "e" }, "e"],
      [{ jsonrpc: "2.0", method: "eth_chainId", params: "x", id: 3 }, 3],
      [{ jsonrpc: "2.0", method: "eth_chainId", id: 1.5 }, null],
      [{ jsonrpc: "2.0", method: "eth_chainId", id: { nested: true } }, null],
      [{ jsonrpc: "2.0", method: "eth_chainId", id: 4, extra: 1 }, 4],
    ];
    for (const [request, id] of cases) {
      const { body } = await node.post(request);
      expect(body, JSON.stringify(request)).toMatchObject({ jsonrpc: "2.0", id, error: { code: -32600 } });
    }
  });

  test("-32601 for a method /evm does not serve, -32602 naming the param for bad params", async () => {
    expect(await node.call("eth_sign", [])).toMatchObject({
      error: { code: -32601, message: "Method not found" },
    });
    expect(await node.call("eth_getBlockByNumber", ["latest"])).toMatchObject({
      error: {
        code: -32602,
        data: expect.stringMatching(/^fullTransactionObjects \(params\[1\]\) is required/),
      },
    });
    expect(await node.call("eth_getBalance", ["0x1234"])).toMatchObject({
      error: { code: -32602, data: expect.stringMatching(/^address \(params\[0\]\)/) },
    });
  });
});
