import type { AddressInfo } from "node:net";
import {
  type Block,
  createEvmClient,
  type NewPendingTransactionsEvent,
  ProofError,
  ResponseValidationError,
} from "chainkit/evm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { WebSocketServer } from "ws";
import { FAST, secrets, startNode, type TestNode, take, until } from "./support.js";

let node: TestNode;
beforeAll(async () => {
  node = await startNode();
  await node.evm.mine();
  await node.evm.mine();
});
afterAll(() => node.close());

describe("newPendingTransactions", () => {
  test("each transaction's hash, and a gap event after a reconnect (the pool cannot be read back)", async () => {
    const live = node.live();
    const subscription = live.subscribe("newPendingTransactions");
    await until(() => node.ws.subscriptions > 0);
    const first = await node.evm.fund(node.evm.accounts[1] as string, 1n);
    const [event] = await take(subscription, (all) => all.length === 1, { keep: true });
    expect(event).toEqual({ type: "pendingTransaction", hash: first.transactionHash });
    node.ws.dropAll();
    // The gap event comes once the subscription is made again on the new connection.
    const [gap] = await take(subscription, (all) => all.length === 1, { keep: true });
    expect(gap).toEqual<NewPendingTransactionsEvent>({ type: "gap", reason: "reconnect", dropped: 0 });
    const second = await node.evm.fund(node.evm.accounts[1] as string, 2n);
    const [after] = await take(subscription, (all) => all.length === 1);
    expect(after).toEqual({ type: "pendingTransaction", hash: second.transactionHash });
  });
});

/**
 * A node of our own that answers `latest` with a real block and then pushes `pushed` as the next head,
 * to see what the client does with a head it should not believe.
 */
async function lyingNode(latest: Block, pushed: unknown) {
  const server = new WebSocketServer({ port: 0, host: "127.0.0.1" });
  server.on("connection", (socket) => {
    socket.on("message", (data: Buffer) => {
      const request = JSON.parse(data.toString()) as { id: number; method: string };
      const answer = (result: unknown) =>
        socket.send(JSON.stringify({ jsonrpc: "2.0", id: request.id, result }));
      if (request.method === "eth_subscribe") {
        answer("0xfeed");
        socket.send(
          JSON.stringify({
            jsonrpc: "2.0",
            method: "eth_subscription",
            params: { subscription: "0xfeed", result: pushed },
          }),
        );
      } else if (request.method === "eth_getBlockByNumber") answer(latest);
      else answer(true);
    });
  });
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}

/** A WebSocket client of a lying node (which takes any token), reconnecting fast. */
function liveClientOf(liar: { url: string }) {
  return createEvmClient({
    url: liar.url,
    credentials: { token: "any-token-123456" },
    transport: "websocket",
    ...FAST,
  });
}

describe("items the node pushes are checked before they are delivered", () => {
  async function realPair(): Promise<[Block, Block]> {
    const http = createEvmClient({ url: node.url, credentials: { token: secrets.token } });
    const parent = (await http.eth_getBlockByNumber("0x1", false)) as Block;
    const child = (await http.eth_getBlockByNumber("0x2", false)) as Block;
    return [parent, child];
  }

  test("verifyHeads: a head whose fields do not hash to its hash ends the subscription with a ProofError", async () => {
    const [parent, child] = await realPair();
    const { transactions: _, ...header } = child;
    const forged = { ...header, gasUsed: "0x5208" };
    const liar = await lyingNode(parent, forged);
    const live = liveClientOf(liar);
    try {
      const trusting = live.subscribe("newHeads");
      expect((await trusting.next()).value).toEqual({ type: "head", head: forged });
      await trusting.unsubscribe();
      const verifying = live.subscribe("newHeads", { verifyHeads: true });
      await expect(verifying.next()).rejects.toBeInstanceOf(ProofError);
    } finally {
      await live.close();
      await liar.close();
    }
  });

  test("a head outside the spec ends the subscription with a ResponseValidationError naming the field", async () => {
    const [parent, child] = await realPair();
    const liar = await lyingNode(parent, { ...child, hash: "0x1234" });
    const live = liveClientOf(liar);
    try {
      const error = await live
        .subscribe("newHeads")
        .next()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ResponseValidationError);
      expect((error as ResponseValidationError).issues[0]?.pointer).toBe("/params/result/hash");
    } finally {
      await live.close();
      await liar.close();
    }
  });
});
