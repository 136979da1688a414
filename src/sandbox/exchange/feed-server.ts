import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { type WebSocket, WebSocketServer } from "ws";
import { exchangeChannels } from "../../../generated/exchange/channels.js";
import type { ChannelValidators } from "../../runtime/operation.js";
import type { SandboxResponse, SurfaceHandler, UpgradeContext, UpgradeHandler } from "../surface.js";
import {
  type ChannelState,
  changesOf,
  type FeedRequest,
  type FeedSource,
  snapshotOf,
} from "./feed-channels.js";
import type { Venue } from "./venue.js";

/** Options of {@link createExchangeFeedServer}. */
export interface ExchangeFeedServerOptions {
  /** The exchange surface whose venue and handlers the feed serves. */
  surface: { handler: SurfaceHandler; venue: Venue };
  /** The WebSocket path (default `/ws`, as the service). */
  path?: string;
  /** A socket that sends nothing for this long is closed (default 60 000, as the service). */
  heartbeatTimeoutMs?: number;
  /** Largest message accepted from a client, in bytes (default 1 MiB, like an HTTP body). */
  maxMessageBytes?: number;
}

/** The WebSocket side of the exchange surface. */
export interface ExchangeFeedServer {
  /** The surface's handler, which also tells subscribers what each request changed: serve this one. */
  handler: SurfaceHandler;
  /** Give it to `serveSurface` as `upgrade`. */
  upgrade: UpgradeHandler;
  /** Open connections. */
  readonly connections: number;
  /** Subscriptions, over all connections. */
  readonly subscriptions: number;
  /** Drops every open connection at once, without a closing handshake (tests). */
  dropAll(): void;
  /** Stalls every open connection: nothing more is sent or answered, the sockets stay open (tests). */
  stallAll(): void;
  /** Closes every connection. */
  close(): Promise<void>;
}

interface Subscription {
  request: FeedRequest;
  channel: string;
  state: ChannelState;
}

interface Connection {
  socket: WebSocket;
  context: UpgradeContext;
  stalled: boolean;
  lastHeardAt: number;
  subscriptions: Map<string, Subscription>;
}

const CHANNELS = exchangeChannels.channels as Readonly<Record<string, string>>;

/**
 * Serves the exchange's WebSocket at `/ws` next to `/info` and `/exchange`, from the same venue:
 * `subscribe`/`unsubscribe` for every channel of the spec's `x-websocket` (acknowledged on
 * `subscriptionResponse`, then a snapshot where the service sends one), `ping` → `pong`, and `post`
 * answered by the surface's own handlers. After every request, over HTTP or the socket, each
 * subscription is sent what changed (books and mids when orders rest or fill, trades and fills when
 * they match, order updates on every status change), each message checked against the spec. A socket
 * that sends nothing for `heartbeatTimeoutMs` is closed; each message sent first draws a fault
 * (`socketDrop`, `socketStall`).
 *
 * @param options - The surface, path, idle timeout and incoming message limit.
 * @returns The server; serve its `handler` and `upgrade`.
 * @example
 * const exchange = createExchangeSurface();
 * const feed = await createExchangeFeedServer({ surface: exchange });
 * const server = await serveSurface({ name: "exchange", auth: "none", handler: feed.handler, upgrade: feed.upgrade });
 */
export async function createExchangeFeedServer(
  options: ExchangeFeedServerOptions,
): Promise<ExchangeFeedServer> {
  const { surface } = options;
  const path = options.path ?? exchangeChannels.path;
  const idleMs = options.heartbeatTimeoutMs ?? 60_000;
  const validators: ChannelValidators = await exchangeChannels.validators();
  const server = new WebSocketServer({ noServer: true, maxPayload: options.maxMessageBytes ?? 1024 * 1024 });
  const connections = new Set<Connection>();
  const source: FeedSource = {
    venue: surface.venue,
    async info(body) {
      const answer = await surface.handler(postRequest("/info", body));
      if (answer.status !== 200) throw new Error(`/info ${String(body.type)} answered ${answer.status}`);
      return answer.body;
    },
  };
  let publishing: Promise<void> = Promise.resolve();
  /** Runs `work` after everything queued before it; a failure is logged and does not stop the queue. */
  const enqueue = (work: () => Promise<void>): Promise<void> => {
    publishing = publishing.then(work).catch((error: unknown) => {
      console.error("[sandbox:exchange] the feed failed:", (error as Error).message);
    });
    return publishing;
  };

  const idleTimer = setInterval(
    () => {
      const now = Date.now();
      for (const connection of connections) {
        if (now - connection.lastHeardAt >= idleMs)
          connection.socket.close(1000, "no message within the heartbeat timeout");
      }
    },
    Math.max(10, Math.min(1_000, idleMs / 4)),
  );
  idleTimer.unref();

  /** Sends one message, unless a fault drops or stalls the connection first. */
  function send(connection: Connection, message: unknown): void {
    if (connection.stalled || connection.socket.readyState !== connection.socket.OPEN) return;
    const fault = connection.context.drawFault();
    if (fault === "drop") {
      connection.socket.terminate();
      return;
    }
    if (fault === "stall") {
      connection.stalled = true;
      return;
    }
    connection.socket.send(JSON.stringify(message));
  }

  /** Pushes one message; one outside the spec is a sandbox bug, so the connection ends with 1011. */
  function push(connection: Connection, subscription: Subscription, data: unknown): void {
    const validate = validators.messages[subscription.request.type]?.validate;
    if (validate !== undefined && !validate(data)) {
      const problem = JSON.stringify(validate.errors?.[0] ?? {});
      console.error(`[sandbox:exchange] ${subscription.request.type} message outside the spec: ${problem}`);
      connection.socket.close(1011, "sandbox message outside the spec");
      return;
    }
    send(connection, { channel: subscription.channel, data });
  }

  /** Tells every subscription what changed; runs one at a time, so messages keep their order. */
  function publish(): Promise<void> {
    return enqueue(async () => {
      for (const connection of [...connections]) {
        for (const subscription of [...connection.subscriptions.values()]) {
          const data = await changesOf(source, subscription.request, subscription.state);
          if (data !== undefined) push(connection, subscription, data);
        }
      }
    });
  }

  const handler: SurfaceHandler = async (request) => {
    const answer = await surface.handler(request);
    await publish();
    return answer;
  };

  async function subscribe(connection: Connection, request: FeedRequest): Promise<void> {
    const key = wireKey(request);
    if (connection.subscriptions.has(key)) {
      send(connection, { channel: "error", data: `Already subscribed: ${JSON.stringify(request)}` });
      return;
    }
    const subscription: Subscription = {
      request,
      channel: CHANNELS[request.type] as string,
      state: { cursor: 0, orders: new Map() },
    };
    connection.subscriptions.set(key, subscription);
    send(connection, {
      channel: "subscriptionResponse",
      data: { method: "subscribe", subscription: request },
    });
    // After the messages already on their way, so a snapshot is never older than what follows it.
    await enqueue(async () => {
      const data = await snapshotOf(source, request, subscription.state);
      if (data !== undefined && connection.subscriptions.get(key) === subscription) {
        push(connection, subscription, data);
      }
    });
  }

  function unsubscribe(connection: Connection, request: FeedRequest): void {
    const key = wireKey(request);
    if (!connection.subscriptions.delete(key)) {
      send(connection, { channel: "error", data: `Already unsubscribed: ${JSON.stringify(request)}` });
      return;
    }
    send(connection, {
      channel: "subscriptionResponse",
      data: { method: "unsubscribe", subscription: request },
    });
  }

  async function post(connection: Connection, id: number, request: { type?: unknown; payload?: unknown }) {
    const target = request.type === "info" ? "/info" : request.type === "action" ? "/exchange" : undefined;
    if (target === undefined) {
      send(connection, {
        channel: "post",
        data: { id, response: { type: "error", payload: "request.type must be info or action" } },
      });
      return;
    }
    const answer: SandboxResponse = await handler(postRequest(target, request.payload));
    const response =
      answer.status !== 200
        ? {
            type: "error",
            payload: typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body),
          }
        : request.type === "info"
          ? {
              type: "info",
              payload: { type: (request.payload as { type?: unknown }).type, data: answer.body },
            }
          : { type: "action", payload: answer.body };
    send(connection, { channel: "post", data: { id, response } });
  }

  function receive(connection: Connection, text: string): Promise<void> | void {
    let message: { method?: unknown; subscription?: unknown; id?: unknown; request?: unknown };
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      message = {};
    }
    const refuse = () =>
      send(connection, {
        channel: "error",
        data: `Error parsing JSON into valid websocket request: ${text}`,
      });
    if (message === null || typeof message !== "object") return refuse();
    if (message.method === "ping") return send(connection, { channel: "pong" });
    if (message.method === "post") {
      if (typeof message.id !== "number" || message.request === null || typeof message.request !== "object")
        return refuse();
      return post(connection, message.id, message.request as { type?: unknown; payload?: unknown });
    }
    if (message.method !== "subscribe" && message.method !== "unsubscribe") return refuse();
    const request = message.subscription as FeedRequest;
    const validate = validators.subscriptions[String((request as { type?: unknown } | null)?.type)]?.validate;
    if (validate === undefined || !validate(request)) return refuse();
    return message.method === "subscribe" ? subscribe(connection, request) : unsubscribe(connection, request);
  }

  function accept(socket: WebSocket, context: UpgradeContext): void {
    const connection: Connection = {
      socket,
      context,
      stalled: false,
      lastHeardAt: Date.now(),
      subscriptions: new Map(),
    };
    connections.add(connection);
    socket.on("message", (data: Buffer, isBinary: boolean) => {
      connection.lastHeardAt = Date.now();
      if (connection.stalled) return;
      Promise.resolve(receive(connection, isBinary ? "" : data.toString("utf8"))).catch((error: unknown) => {
        console.error("[sandbox:exchange] WebSocket request failed:", (error as Error).message);
        socket.close(1011, "sandbox internal error");
      });
    });
    socket.on("error", () => socket.terminate());
    socket.on("close", () => connections.delete(connection));
  }

  const upgrade: UpgradeHandler = (incoming: IncomingMessage, socket: Duplex, head: Buffer, context) => {
    if (context.path.replace(/\/+$/, "") !== path) {
      socket.end("HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\nconnection: close\r\n\r\n");
      return;
    }
    server.handleUpgrade(incoming, socket, head, (upgraded) => accept(upgraded, context));
  };

  return {
    handler,
    upgrade,
    get connections() {
      return connections.size;
    },
    get subscriptions() {
      let count = 0;
      for (const connection of connections) count += connection.subscriptions.size;
      return count;
    },
    dropAll() {
      for (const connection of connections) connection.socket.terminate();
    },
    stallAll() {
      for (const connection of connections) connection.stalled = true;
    },
    async close() {
      clearInterval(idleTimer);
      for (const connection of connections) connection.socket.terminate();
      connections.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function postRequest(path: string, body: unknown) {
  return { method: "POST", path, query: new URLSearchParams(), headers: {}, body: JSON.stringify(body) };
}

/** A subscription in one canonical text (sorted keys), as the service tells equal ones apart. */
function wireKey(request: FeedRequest): string {
  return JSON.stringify(Object.fromEntries(Object.entries(request).sort(([a], [b]) => (a < b ? -1 : 1))));
}
