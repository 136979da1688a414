import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { type WebSocket, WebSocketServer } from "ws";
import { evmMethods } from "../../../generated/evm/operations.js";
import { stringifyJson } from "../../runtime/json/stringify-json.js";
import type { UpgradeContext, UpgradeHandler } from "../surface.js";
import { RpcContract } from "../validation.js";
import type { EvmSurface, ExtraMethods } from "./evm-surface.js";
import { errorAnswer, type RpcAnswer, type RpcCall, resultAnswer } from "./json-rpc-envelope.js";

/** Options of {@link createEvmWebSocketServer}. */
export interface EvmWebSocketServerOptions {
  /** The EVM surface whose chain and JSON-RPC answers the WebSocket serves. */
  surface: Pick<EvmSurface, "answer" | "provider">;
  /** The WebSocket path after the node token is removed (default `/ws`, as the service's nodes serve it). */
  path?: string;
  /** Largest message accepted from a client, in bytes (default 1 MiB, like an HTTP body). */
  maxMessageBytes?: number;
}

/** The WebSocket side of the EVM surface. */
export interface EvmWebSocketServer {
  /** Give it to `serveSurface` as `upgrade`. */
  upgrade: UpgradeHandler;
  /** Open connections. */
  readonly connections: number;
  /** Active subscriptions, over all connections. */
  readonly subscriptions: number;
  /** Drops every open connection at once, without a closing handshake (tests). */
  dropAll(): void;
  /** Stalls every open connection: nothing more is sent or answered, the sockets stay open (tests). */
  stallAll(): void;
  /**
   * Tells subscribers that these blocks (newest first) left the chain: the logs sent from them are sent
   * again with `removed: true`, newest first, as a node does on a reorganisation.
   */
  orphaned(blockHashes: readonly string[]): void;
  /** Closes every connection and stops routing the chain's notifications. */
  close(): Promise<void>;
}

type Kind = "newHeads" | "logs" | "newPendingTransactions";

interface Subscription {
  id: string;
  kind: Kind;
  /** The id the chain's provider gave it. */
  chainId: string;
  connection: Connection;
  /** Notifications held until the `eth_subscribe` answer has gone out. */
  held: unknown[] | undefined;
  /** Logs sent per block hash (logs subscriptions), for `orphaned`. */
  sentLogs: Map<string, Record<string, unknown>[]>;
}

interface Connection {
  socket: WebSocket;
  context: UpgradeContext;
  stalled: boolean;
  subscriptions: Map<string, Subscription>;
}

const HASH32 = /^0x[0-9a-fA-F]{64}$/;
/** Blocks whose sent logs each logs subscription remembers for `orphaned`. */
const REMEMBERED_BLOCKS = 256;

/**
 * Serves the EVM surface over WebSocket at `/ws/<token>` and `/ws` (basic auth), next to `/evm` on
 * the same port and chain, as the service's nodes do. Every JSON-RPC request and batch is answered by
 * the surface's own `answer` (the same checks and results as HTTP), plus `eth_subscribe` and
 * `eth_unsubscribe` for `newHeads`, `logs` and `newPendingTransactions`, backed by the chain's own
 * subscriptions and pushed as `eth_subscription` notifications, each checked against the spec. Each
 * message the server sends first draws a fault (`socketDrop`, `socketStall`).
 *
 * @param options - The surface, path and incoming message limit.
 * @returns The server; pass `upgrade` to `serveSurface`.
 * @example
 * const chain = await createEvmSurface();
 * const ws = await createEvmWebSocketServer({ surface: chain });
 * const nodeAuth = new NodeAuthRegistry();
 * const server = await serveSurface({ name: "evm", auth: "node", nodeAuth, jsonRpc: true, handler: chain.handler, upgrade: ws.upgrade });
 */
export async function createEvmWebSocketServer(
  options: EvmWebSocketServerOptions,
): Promise<EvmWebSocketServer> {
  const { surface } = options;
  const path = options.path ?? "/ws";
  const contract = await RpcContract.load(evmMethods);
  const server = new WebSocketServer({ noServer: true, maxPayload: options.maxMessageBytes ?? 1024 * 1024 });
  const connections = new Set<Connection>();
  const byChainId = new Map<string, Subscription>();
  const request = (method: string, params: unknown[]) =>
    surface.provider.request({ method, params } as never) as Promise<unknown>;

  /** Sends one message, unless a fault drops or stalls the connection first. */
  function send(connection: Connection, message: unknown): void {
    if (connection.stalled) return;
    const fault = connection.context.drawFault();
    if (fault === "drop") {
      connection.socket.terminate();
      return;
    }
    if (fault === "stall") {
      connection.stalled = true;
      return;
    }
    connection.socket.send(stringifyJson(message));
  }

  /** Pushes one item; an item outside the spec is a sandbox bug, so the connection ends with 1011. */
  function push(subscription: Subscription, result: unknown): void {
    const problem = itemProblem(subscription.kind, result);
    if (problem !== undefined) {
      console.error(`[sandbox:evm] ${subscription.kind} notification outside the spec: ${problem}`);
      subscription.connection.socket.close(1011, "sandbox notification outside the spec");
      return;
    }
    if (subscription.kind === "logs") remember(subscription, result as Record<string, unknown>);
    send(subscription.connection, {
      jsonrpc: "2.0",
      method: "eth_subscription",
      params: { subscription: subscription.id, result },
    });
  }

  function itemProblem(kind: Kind, result: unknown): string | undefined {
    try {
      if (kind === "newHeads") contract.checkResult("ots_getHeaderByNumber", result);
      else if (kind === "logs") contract.checkResult("eth_getLogs", [result]);
      else if (typeof result !== "string" || !HASH32.test(result)) return "not a transaction hash";
    } catch (error) {
      return (error as Error).message;
    }
    return undefined;
  }

  function remember(subscription: Subscription, log: Record<string, unknown>): void {
    const hash = String(log.blockHash);
    const logs = subscription.sentLogs.get(hash) ?? [];
    logs.push(log);
    subscription.sentLogs.set(hash, logs);
    if (subscription.sentLogs.size > REMEMBERED_BLOCKS) {
      subscription.sentLogs.delete(subscription.sentLogs.keys().next().value as string);
    }
  }

  const stopRouting = surface.provider.on("message", (message: unknown) => {
    const data = (message as { data?: { subscription?: unknown; result?: unknown } }).data;
    const subscription = byChainId.get(String(data?.subscription));
    if (subscription === undefined) return;
    if (subscription.held !== undefined) subscription.held.push(data?.result);
    else push(subscription, data?.result);
  });

  async function subscribe(
    connection: Connection,
    call: RpcCall,
    announced: Subscription[],
  ): Promise<RpcAnswer> {
    const refused = contract.checkParams(call.method, call.params);
    if (refused) return errorAnswer(call.id, refused);
    const kind = call.params[0] as Kind;
    const chainId = (await request(
      "eth_subscribe",
      kind === "logs" ? [kind, call.params[1] ?? {}] : [kind],
    )) as string;
    const subscription: Subscription = {
      id: `0x${randomBytes(16).toString("hex")}`,
      kind,
      chainId,
      connection,
      held: [],
      sentLogs: new Map(),
    };
    connection.subscriptions.set(subscription.id, subscription);
    byChainId.set(chainId, subscription);
    announced.push(subscription);
    contract.checkResult("eth_subscribe", subscription.id);
    return resultAnswer(call.id, subscription.id);
  }

  async function unsubscribe(connection: Connection, call: RpcCall): Promise<RpcAnswer> {
    const refused = contract.checkParams(call.method, call.params);
    if (refused) return errorAnswer(call.id, refused);
    const subscription = connection.subscriptions.get(String(call.params[0]));
    if (subscription !== undefined) await drop(subscription);
    return resultAnswer(call.id, subscription !== undefined);
  }

  async function drop(subscription: Subscription): Promise<void> {
    subscription.connection.subscriptions.delete(subscription.id);
    byChainId.delete(subscription.chainId);
    await request("eth_unsubscribe", [subscription.chainId]).catch(() => undefined);
  }

  /** After an answer has gone out, the subscriptions it announced may push what they held. */
  function release(announced: readonly Subscription[]): void {
    for (const subscription of announced) {
      const held = subscription.held ?? [];
      subscription.held = undefined;
      for (const item of held) push(subscription, item);
    }
  }

  function accept(socket: WebSocket, context: UpgradeContext): void {
    const connection: Connection = { socket, context, stalled: false, subscriptions: new Map() };
    connections.add(connection);
    socket.on("message", (data: Buffer, isBinary: boolean) => {
      if (connection.stalled) return;
      const text = isBinary ? "" : data.toString("utf8");
      const announced: Subscription[] = [];
      const extra: ExtraMethods = (call) =>
        call.method === "eth_subscribe"
          ? subscribe(connection, call, announced)
          : call.method === "eth_unsubscribe"
            ? unsubscribe(connection, call)
            : undefined;
      surface.answer(text, extra).then(
        (answer) => {
          send(connection, answer);
          release(announced);
        },
        (error: unknown) => {
          console.error("[sandbox:evm] WebSocket request failed:", (error as Error).message);
          socket.close(1011, "sandbox internal error");
        },
      );
    });
    socket.on("error", () => socket.terminate());
    socket.on("close", () => {
      connections.delete(connection);
      for (const subscription of [...connection.subscriptions.values()]) void drop(subscription);
    });
  }

  const upgrade: UpgradeHandler = (incoming: IncomingMessage, socket: Duplex, head: Buffer, context) => {
    if (context.path.replace(/\/+$/, "") !== path) {
      socket.end("HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\nconnection: close\r\n\r\n");
      return;
    }
    server.handleUpgrade(incoming, socket, head, (upgraded) => accept(upgraded, context));
  };

  return {
    upgrade,
    get connections() {
      return connections.size;
    },
    get subscriptions() {
      return byChainId.size;
    },
    dropAll() {
      for (const connection of connections) connection.socket.terminate();
    },
    stallAll() {
      for (const connection of connections) connection.stalled = true;
    },
    orphaned(blockHashes) {
      for (const connection of connections) {
        for (const subscription of connection.subscriptions.values()) {
          for (const hash of blockHashes) {
            const logs = subscription.sentLogs.get(hash);
            if (logs === undefined) continue;
            subscription.sentLogs.delete(hash);
            for (const log of [...logs].reverse()) {
              send(connection, {
                jsonrpc: "2.0",
                method: "eth_subscription",
                params: { subscription: subscription.id, result: { ...log, removed: true } },
              });
            }
          }
        }
      }
    },
    async close() {
      stopRouting();
      for (const connection of connections) connection.socket.terminate();
      connections.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
