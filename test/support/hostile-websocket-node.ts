import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { type WebSocket, WebSocketServer } from "ws";

/** One JSON-RPC request as the hostile node read it. */
export interface SeenCall {
  id: unknown;
  method: string;
  params: unknown[];
}

/** What a handler returns to leave a request unanswered. */
export const NO_ANSWER = Symbol("no answer");

/** One client connection, as the node's script sees it. */
export interface HostilePeer {
  socket: WebSocket;
  /** Answers a request with a result. */
  answer(id: unknown, result: unknown): void;
  /** Pushes an `eth_subscription` notification; `extra` goes into `params` too (padding, odd fields). */
  push(subscription: string, result: unknown, extra?: Record<string, unknown>): void;
  /** Sends raw text (for messages that are not JSON-RPC). */
  sendText(text: string): Promise<void>;
}

/** What the node does: an answer per request (or {@link NO_ANSWER}), and a hook on each connection. */
export interface HostileScript {
  /** Called for each request; the value returned is sent as its `result`. */
  onCall?(call: SeenCall, peer: HostilePeer): unknown;
  /** Called when a connection is upgraded, before any request. */
  onConnection?(peer: HostilePeer, request: IncomingMessage): void;
}

/** A running hostile WebSocket node on 127.0.0.1. */
export interface HostileWebSocketNode {
  /** `http://127.0.0.1:<port>`: the node URL a client is given (it dials `ws://…/ws/<token>`). */
  url: string;
  /** Upgrades accepted so far. */
  readonly upgrades: number;
  /** Every request received, in order. */
  calls: SeenCall[];
  /** Requests of one method received so far. */
  count(method: string): number;
  /** The script in use; replace it between tests. */
  script: HostileScript;
  close(): Promise<void>;
}

/**
 * Starts a JSON-RPC-over-WebSocket node whose every answer and push is written by the test's script:
 * disagreeing chains, malformed heads, endless messages, drops after the upgrade. It uses the `ws`
 * package's server, which can send a message in fragments (`fin: false`) and lets a test write raw
 * frames to the socket.
 */
export async function startHostileWebSocketNode(script: HostileScript = {}): Promise<HostileWebSocketNode> {
  const calls: SeenCall[] = [];
  const sockets = new Set<Socket>();
  let upgrades = 0;
  const server = createServer((_request, response) => response.writeHead(404).end());
  const wss = new WebSocketServer({ server, maxPayload: 64 * 1024 * 1024 });
  const node: HostileWebSocketNode = {
    url: "",
    get upgrades() {
      return upgrades;
    },
    calls,
    count: (method) => calls.filter((call) => call.method === method).length,
    script,
    close: async () => {
      for (const client of wss.clients) client.terminate();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  wss.on("connection", (socket, request) => {
    upgrades++;
    const peer: HostilePeer = {
      socket,
      answer: (id, result) => send(socket, JSON.stringify({ jsonrpc: "2.0", id, result })),
      push: (subscription, result, extra = {}) =>
        send(
          socket,
          JSON.stringify({
            jsonrpc: "2.0",
            method: "eth_subscription",
            params: { subscription, result, ...extra },
          }),
        ),
      sendText: (text) =>
        new Promise<void>((resolve) => {
          if (socket.readyState !== socket.OPEN) return resolve();
          socket.send(text, () => resolve());
        }),
    };
    socket.on("error", () => undefined);
    node.script.onConnection?.(peer, request);
    socket.on("message", (data) => {
      let message: unknown;
      try {
        message = JSON.parse(String(data));
      } catch {
        return;
      }
      const answers: unknown[] = [];
      for (const one of Array.isArray(message) ? message : [message]) {
        const call = one as SeenCall;
        calls.push(call);
        const result = node.script.onCall ? node.script.onCall(call, peer) : null;
        if (result !== NO_ANSWER) answers.push({ jsonrpc: "2.0", id: call.id, result });
      }
      if (answers.length === 0) return;
      send(socket, JSON.stringify(Array.isArray(message) ? answers : answers[0]));
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  node.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return node;
}

function send(socket: WebSocket, text: string): void {
  if (socket.readyState === socket.OPEN) socket.send(text);
}

/**
 * Sends one text message of `total` bytes in fragments of `chunk` bytes, waiting for each to be
 * written (so the node holds no more than one fragment); stops early when the client goes away.
 *
 * @returns The bytes written.
 */
export async function sendFragmented(socket: WebSocket, total: number, chunk = 256 * 1024): Promise<number> {
  const fragment = Buffer.alloc(chunk, "a");
  let written = 0;
  while (written < total && socket.readyState === socket.OPEN) {
    const last = written + chunk >= total;
    const ok = await new Promise<boolean>((resolve) =>
      socket.send(fragment, { binary: false, fin: last }, (error) =>
        resolve(error === undefined || error === null),
      ),
    );
    if (!ok) break;
    written += chunk;
  }
  return written;
}

/** A block header a client accepts, numbered `number`, with a hash made from `tag` and the number. */
export function header(number: bigint, parentHash: string, tag = "a"): Record<string, unknown> {
  return {
    number: `0x${number.toString(16)}`,
    hash: hashOf(number, tag),
    parentHash,
    timestamp: "0x5f5e100",
  };
}

/** The block hash {@link header} gives block `number` on branch `tag` (one hex digit). */
export function hashOf(number: bigint, tag = "a"): string {
  return `0x${tag}${number.toString(16).padStart(63, "0")}`;
}

/** A block (a header with no transactions) as `eth_getBlockByNumber` answers it. */
export function block(number: bigint, parentHash: string, tag = "a"): Record<string, unknown> {
  const root = `0x${"0".repeat(64)}`;
  return {
    ...header(number, parentHash, tag),
    gasLimit: "0x1c9c380",
    gasUsed: "0x0",
    miner: `0x${"0".repeat(40)}`,
    difficulty: "0x0",
    size: "0x220",
    extraData: "0x",
    receiptsRoot: root,
    stateRoot: root,
    transactionsRoot: root,
    transactions: [],
  };
}
