import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createEvmClient, RequestValidationError, ResponseValidationError } from "chainkit/evm";
import { afterEach, describe, expect, it } from "vitest";
import { evmSpySigner } from "../support/evm-spy-signer.js";

// Audit: the signer takes `nonce` and `chainId` as numbers, and the writer made them with Number():
// a nonce of 2^53 + 1 (the user's bigint, or the node's count) and an unpinned node's chain id of
// 2^53 + 1 were signed as 2^53, another transaction than the one asked for.

const TWO_53_PLUS_1 = "0x20000000000001";

/** A node that answers what a send asks, with `over` in place of some answers. */
async function startNode(over: Record<string, unknown>): Promise<{ url: string; server: Server }> {
  const answers: Record<string, unknown> = {
    eth_chainId: "0x3e7",
    eth_usingBigBlocks: false,
    eth_getTransactionCount: "0x0",
    eth_estimateGas: "0x5208",
    eth_feeHistory: { oldestBlock: "0x1", baseFeePerGas: ["0x3b9aca00", "0x3b9aca00"], gasUsedRatio: [0.5] },
    eth_maxPriorityFeePerGas: "0x0",
    eth_gasPrice: "0x3b9aca00",
    eth_sendRawTransaction: `0x${"00".repeat(32)}`,
    ...over,
  };
  const server = createServer(async (request, response) => {
    let text = "";
    for await (const chunk of request) text += chunk;
    const body = JSON.parse(text) as { id: number; method: string } | { id: number; method: string }[];
    const one = (call: { id: number; method: string }) => ({
      jsonrpc: "2.0",
      id: call.id,
      result: answers[call.method],
    });
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify(Array.isArray(body) ? body.map(one) : one(body)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

async function send(over: Record<string, unknown>, nonce?: bigint) {
  const node = await startNode(over);
  server = node.server;
  const evm = createEvmClient({ url: node.url, credentials: { token: "rounding-t0ken-0123" }, retry: false });
  const signer = evmSpySigner(`0x${"11".repeat(32)}`);
  const to = `0x${"22".repeat(20)}` as const;
  const error = await evm
    .sendTransaction({ to, value: 1n, ...(nonce !== undefined && { nonce }) }, signer)
    .catch((caught: unknown) => caught);
  return { error, asked: signer.signed };
}

describe("nonces and chain ids a number cannot hold are refused, never rounded into a signature", () => {
  it("a user's nonce of 2^53 + 1, before sending", async () => {
    const { error, asked } = await send({}, 2n ** 53n + 1n);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues[0]?.pointer).toBe("/nonce");
    expect(asked).toEqual([]);
  });

  it("a node's transaction count of 2^53 + 1", async () => {
    const { error, asked } = await send({ eth_getTransactionCount: TWO_53_PLUS_1 });
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).message).toContain("eth_getTransactionCount");
    expect(asked).toEqual([]);
  });

  it("an unpinned node's chain id of 2^53 + 1", async () => {
    const { error, asked } = await send({ eth_chainId: TWO_53_PLUS_1 });
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).message).toContain("eth_chainId");
    expect(asked).toEqual([]);
  });
});
