import { createEvmClient, RequestValidationError, TimeoutError } from "chainkit/evm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LoopbackServer, startLoopbackServer } from "../support/loopback-server.js";

// evm.batch and getVerifiedProof share one adapter from named calls to the runtime's batch; these
// tests pin what it must forward and refuse, against a real loopback node.

let node: LoopbackServer;
let releaseStalled: () => void = () => {};
const stalled = new Promise<void>((resolve) => {
  releaseStalled = resolve;
});

beforeAll(async () => {
  node = await startLoopbackServer(async (request) => {
    const calls = request.json as { id: number; method: string }[];
    if (calls.some((call) => call.method === "eth_chainId")) await stalled; // answers only at the end
    // "0xzz" is not a quantity: validation refuses it unless the call turns validation off.
    return { body: calls.map((call) => ({ jsonrpc: "2.0", id: call.id, result: "0xzz" })) };
  });
});

afterAll(async () => {
  releaseStalled();
  await node.close();
});

const client = () =>
  createEvmClient({ url: node.url, credentials: { token: "tok-0123456789" }, retry: false });

describe("evm.batch", () => {
  it("rejects (never throws synchronously) for a method outside the spec, inherited names included", async () => {
    for (const method of ["eth_noSuchMethod", "constructor", "toString"]) {
      let pending: Promise<unknown> | undefined;
      expect(() => {
        pending = client().batch([{ method, params: [] }] as never);
      }).not.toThrow();
      const error = await pending?.catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(RequestValidationError);
      expect((error as RequestValidationError).issues[0]?.pointer).toBe("/0/method");
    }
    expect(node.requests).toHaveLength(0);
  });

  it("honours the call's validateResponse", async () => {
    const outcomes = await client().batch([{ method: "eth_blockNumber", params: [] }] as const, {
      validateResponse: false,
    });
    expect(outcomes[0]).toEqual({ result: "0xzz" });
  });

  it("honours the call's timeout", async () => {
    const error = await client()
      .batch([{ method: "eth_chainId", params: [] }] as const, { timeout: 50 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TimeoutError);
  });
});
