import { startSandbox } from "chainkit/sandbox";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { WebSocket } from "ws";
import {
  deployEmitter,
  EMITTED_TOPIC,
  emit,
  secrets,
  startNode,
  type TestNode,
  until,
} from "../live/support.js";
import { validatorAt } from "../specs/support.js";

let node: TestNode;
let wsUrl: string;
beforeAll(async () => {
  node = await startNode();
  wsUrl = `${node.url.replace("http:", "ws:")}/ws`;
});
afterAll(() => node.close());

const notification = validatorAt("evm", "/components/schemas/SubscriptionNotification");

/** A raw WebSocket client that queues what it receives. */
async function connect(url: string, headers: Record<string, string> = {}) {
  const socket = new WebSocket(url, { headers });
  const received: unknown[] = [];
  const waiters: ((message: unknown) => void)[] = [];
  socket.on("message", (data: Buffer) => {
    const message: unknown = JSON.parse(data.toString());
    const waiter = waiters.shift();
    if (waiter) waiter(message);
    else received.push(message);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
  });
  return {
    socket,
    send: (message: unknown) => socket.send(JSON.stringify(message)),
    next: (): Promise<unknown> =>
      received.length > 0
        ? Promise.resolve(received.shift())
        : new Promise((resolve) => waiters.push(resolve)),
  };
}

/** The HTTP status a refused upgrade gets. */
function refusal(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.on("unexpected-response", (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.on("open", () => reject(new Error("the upgrade was accepted")));
    socket.on("error", () => undefined);
  });
}

const basic = (username: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}`,
});

describe("the EVM surface's WebSocket endpoint", () => {
  test("/ws/<token> and /ws with basic auth upgrade; bad credentials, bearer and other paths do not", async () => {
    const byToken = await connect(`${wsUrl}/${secrets.token}`);
    byToken.send({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] });
    expect(await byToken.next()).toEqual({ jsonrpc: "2.0", id: 1, result: "0x3e7" });
    byToken.socket.close();
    const byBasic = await connect(wsUrl, basic(secrets.username, secrets.password));
    byBasic.socket.close();
    expect(await refusal(`${wsUrl}/not-the-token`)).toBe(401);
    expect(await refusal(wsUrl)).toBe(401);
    expect(await refusal(wsUrl, basic(secrets.username, "wrong-password"))).toBe(401);
    expect(await refusal(wsUrl, { authorization: `Bearer ${secrets.token}` })).toBe(401);
    expect(await refusal(`${node.url.replace("http:", "ws:")}/${secrets.token}/evm`)).toBe(404);
  });

  test("requests and batches are answered as on /evm; eth_subscribe over HTTP is refused", async () => {
    const client = await connect(`${wsUrl}/${secrets.token}`);
    client.send([
      { jsonrpc: "2.0", id: 7, method: "eth_blockNumber", params: [] },
      { jsonrpc: "2.0", id: 8, method: "eth_getBlockByHash", params: ["0x12", false] },
    ]);
    const answers = (await client.next()) as { id: number }[];
    expect(answers.map((answer) => answer.id).sort()).toEqual([7, 8]);
    client.socket.close();
    const http = await fetch(`${node.url}/${secrets.token}/evm`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_subscribe", params: ["newHeads"] }),
    });
    const body = (await http.json()) as { error: { code: number; data: string } };
    expect(body.error.code).toBe(-32601);
    expect(body.error.data).toMatch(/WebSocket/);
  });

  test("newHeads, logs and newPendingTransactions push notifications of the spec's shape, after the subscribe answer", async () => {
    const emitter = await deployEmitter(node.evm);
    const client = await connect(`${wsUrl}/${secrets.token}`);
    client.send([
      { jsonrpc: "2.0", id: 1, method: "eth_subscribe", params: ["newHeads"] },
      {
        jsonrpc: "2.0",
        id: 2,
        method: "eth_subscribe",
        params: ["logs", { address: emitter, topics: [EMITTED_TOPIC] }],
      },
      { jsonrpc: "2.0", id: 3, method: "eth_subscribe", params: ["newPendingTransactions"] },
    ]);
    const ids = ((await client.next()) as { id: number; result: string }[])
      .sort((a, b) => a.id - b.id)
      .map((answer) => answer.result);
    for (const id of ids) expect(id).toMatch(/^0x[0-9a-f]{32}$/);
    const blockHash = await emit(node.evm, emitter, 42);
    const byId = new Map<string, unknown>();
    while (byId.size < 3) {
      const message = (await client.next()) as { params: { subscription: string; result: unknown } };
      expect(notification(message), JSON.stringify(notification.errors)).toBe(true);
      byId.set(message.params.subscription, message.params.result);
    }
    expect(byId.get(ids[0] as string)).toMatchObject({ hash: blockHash });
    expect(byId.get(ids[1] as string)).toMatchObject({ blockHash, address: emitter, removed: false });
    expect(byId.get(ids[2] as string)).toMatch(/^0x[0-9a-f]{64}$/);
    client.send({ jsonrpc: "2.0", id: 4, method: "eth_unsubscribe", params: [ids[0]] });
    expect(await client.next()).toEqual({ jsonrpc: "2.0", id: 4, result: true });
    client.send({ jsonrpc: "2.0", id: 5, method: "eth_unsubscribe", params: [ids[0]] });
    expect(await client.next()).toEqual({ jsonrpc: "2.0", id: 5, result: false });
    client.send({ jsonrpc: "2.0", id: 6, method: "eth_subscribe", params: ["syncing"] });
    expect(await client.next()).toMatchObject({ id: 6, error: { code: -32602 } });
    client.socket.close();
    await until(() => node.ws.subscriptions === 0);
  });

  test("faults: a refused upgrade is a 503; a dropped socket closes without a handshake; a stalled one stays open and silent", async () => {
    node.server.setFaults({ upgradeRefuse: 1 });
    expect(await refusal(`${wsUrl}/${secrets.token}`)).toBe(503);
    node.server.setFaults({ socketDrop: 1 });
    const dropped = await connect(`${wsUrl}/${secrets.token}`);
    const closed = new Promise<number>((resolve) => dropped.socket.on("close", (code) => resolve(code)));
    dropped.send({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] });
    expect(await closed).toBe(1006);
    node.server.setFaults({ socketStall: 1 });
    const stalled = await connect(`${wsUrl}/${secrets.token}`);
    stalled.send({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] });
    const answer = await Promise.race([
      stalled.next(),
      new Promise((resolve) => setTimeout(() => resolve("silence"), 300)),
    ]);
    expect(answer).toBe("silence");
    expect(stalled.socket.readyState).toBe(WebSocket.OPEN);
    node.server.setFaults({});
    stalled.socket.terminate();
  });
});

describe("startSandbox", () => {
  test("serves the WebSocket next to /evm, and a reorg sends the removed logs again with removed: true", async () => {
    const sandbox = await startSandbox();
    try {
      const url = `${sandbox.urls.evm.replace("http:", "ws:")}/ws/${sandbox.credentials.nodeToken}`;
      const client = await connect(url);
      client.send({ jsonrpc: "2.0", id: 1, method: "eth_subscribe", params: ["logs", {}] });
      const { result: id } = (await client.next()) as { result: string };
      const fork = await sandbox.evm.snapshot();
      const [account] = sandbox.fixtures.evmAccounts;
      // A contract creation whose init code emits one log (LOG0 of 0 bytes) and returns no code.
      const { blockHash } = await sandbox.evm.sendTransaction({ from: account, data: "0x60006000a0" });
      const sent = (await client.next()) as {
        params: { subscription: string; result: { blockHash: string } };
      };
      expect(sent.params).toMatchObject({ subscription: id, result: { blockHash, removed: false } });
      const { removed } = await sandbox.evm.reorg(fork, 2);
      expect(removed).toEqual([blockHash]);
      const undone = (await client.next()) as { params: { result: { blockHash: string; removed: boolean } } };
      expect(undone.params.result).toMatchObject({ blockHash, removed: true });
      client.socket.close();
    } finally {
      await sandbox.close();
    }
  });
});
