import { AbortError } from "../errors/abort-error.js";
import type { ChainkitError } from "../errors/chainkit-error.js";
import { NetworkError } from "../errors/network-error.js";
import { TimeoutError } from "../errors/timeout-error.js";
import { type CredentialsSent, showRequest } from "../http/shown-request.js";
import { parseJson } from "../json/parse-json.js";
import { stringifyJson } from "../json/stringify-json.js";
import type { ExchangeAnswer, JsonRpcTransport, RpcEnvelope } from "../json-rpc/transport.js";
import type { KeepAlivePolicy } from "./keep-alive-policy.js";
import type { ReconnectPolicy } from "./reconnect-policy.js";
import { SocketConnection } from "./socket-connection.js";
import type { CheckedWebSocketChoice } from "./websocket-choice.js";

/** Options of {@link createWebSocketTransport}. */
export interface WebSocketTransportOptions {
  /** The `ws://` or `wss://` URL to dial, credentials included (token mode); never shown. */
  url: string;
  /** Headers of the upgrade request (basic auth). */
  headers: Record<string, string>;
  /** Scrubs credentials from text shown in errors. */
  redact: (text: string) => string;
  /** Which credentials the connection carries (`token` in the URL, `basic` in a header). */
  credentials?: CredentialsSent;
  /** The WebSocket class: the caller's browser-style one, else `ws` or the global (`checkWebSocketChoice`). */
  choice: CheckedWebSocketChoice;
  /** Largest message accepted, in bytes (Infinity: none). */
  maxMessageBytes: number;
  /** Milliseconds the opening handshake may take. */
  handshakeTimeout: number;
  reconnect: ReconnectPolicy;
  keepAlive: KeepAlivePolicy | false;
  /** The JSON-RPC method sent as a keep-alive request (a cheap read, e.g. `eth_chainId`). */
  keepAliveMethod: string;
}

/** A JSON-RPC message that is not an answer: a subscription notification. */
export type RpcNotification = Record<string, unknown> & { method: string };

/** What the WebSocket transport reports about its connection. */
export interface ConnectionListener {
  /** A socket opened (first time and after every reconnect): resubscribe here. */
  onOpen?(): void;
  /** The open socket was lost; a reconnect follows unless dialing gives up. */
  onDown?(error: ChainkitError): void;
  /** Dialing gave up (refused upgrade, or every attempt failed). */
  onGiveUp?(error: ChainkitError): void;
  /** A notification arrived; `bytes` is the length of its message text (what holding it costs, roughly). */
  onNotification?(message: RpcNotification, bytes: number): void;
}

/** JSON-RPC over one WebSocket connection that reconnects by itself. */
export interface WebSocketTransport extends JsonRpcTransport {
  /** Whether a socket is open now. */
  readonly connected: boolean;
  /**
   * Opens the connection if it is not open (dialing again after dialing gave up).
   * @throws {TimeoutError | AbortError | HttpError | NetworkError} as {@link SocketConnection.ready}.
   */
  connect(timeout: number, signal?: AbortSignal): Promise<void>;
  /** Adds a listener; returns the function that removes it. */
  listen(listener: ConnectionListener): () => void;
  /** Closes the connection; pending calls fail with an `AbortError`. Idempotent. */
  close(): Promise<void>;
}

interface Pending {
  ids: readonly number[];
  resolve: (answer: ExchangeAnswer) => void;
  reject: (error: unknown) => void;
}

/** Over a WebSocket there is no HTTP status per answer; answers ride the upgraded (101) connection. */
const SWITCHING_PROTOCOLS = 101;

/**
 * Carries JSON-RPC requests and batches over one WebSocket: answers are matched to their request by
 * id, notifications go to listeners, and a lost connection fails the requests in flight with a
 * `NetworkError` (which the JSON-RPC core retries for read-only methods once a new socket is up).
 *
 * @param options - URL and headers to dial, size limit, reconnect and keep-alive policies.
 * @returns The transport; the first exchange (or `connect`) dials.
 * @example
 * const transport = createWebSocketTransport({
 *   url: `wss://nd-1.example.com/ws/${token}`,
 *   headers: {},
 *   redact: (text) => text.replaceAll(token, "***"),
 *   choice: checkWebSocketChoice({ needsHeaders: false }),
 *   maxMessageBytes: DEFAULT_MAX_RESPONSE_BYTES,
 *   handshakeTimeout: 10_000,
 *   reconnect: resolveReconnectPolicy({}),
 *   keepAlive: resolveKeepAlivePolicy({}),
 *   keepAliveMethod: "eth_chainId",
 * });
 * const rpc = createJsonRpcClient({ transport });
 */
export function createWebSocketTransport(options: WebSocketTransportOptions): WebSocketTransport {
  const shown = showRequest("WS", options.url, options.redact, options.credentials);
  const pending = new Map<number, Pending>();
  const listeners = new Set<ConnectionListener>();
  let pings = 0;

  const failAll = (error: unknown) => {
    const all = new Set(pending.values());
    pending.clear();
    for (const entry of all) entry.reject(error);
  };

  const connection = new SocketConnection({
    url: options.url,
    headers: options.headers,
    get shownUrl() {
      return shown.url;
    },
    redact: options.redact,
    credentials: options.credentials,
    choice: options.choice,
    maxMessageBytes: options.maxMessageBytes,
    handshakeTimeout: options.handshakeTimeout,
    reconnect: options.reconnect,
    keepAlive: options.keepAlive,
    ping: () =>
      `{"jsonrpc":"2.0","id":"keepalive-${++pings}","method":${JSON.stringify(options.keepAliveMethod)},"params":[]}`,
    onMessage: receive,
    onOpen: () => {
      for (const listener of [...listeners]) listener.onOpen?.();
    },
    onDown: (error) => {
      failAll(error);
      for (const listener of [...listeners]) listener.onDown?.(error);
    },
    onGiveUp: (error) => {
      failAll(error);
      for (const listener of [...listeners]) listener.onGiveUp?.(error);
    },
  });

  function receive(text: string): void {
    let message: unknown;
    try {
      message = parseJson(text);
    } catch {
      return; // not JSON: no request can be matched to it; its caller times out
    }
    if (Array.isArray(message)) {
      const first = message.find((item) => pending.has(idOf(item) as number));
      if (first !== undefined) settle(idOf(first) as number, message);
      return;
    }
    if (message === null || typeof message !== "object") return;
    const object = message as Record<string, unknown>;
    const id = object.id;
    if (typeof id === "number" && pending.has(id)) {
      settle(id, object);
      return;
    }
    if ((id === undefined || id === null) && typeof object.method === "string") {
      for (const listener of [...listeners])
        listener.onNotification?.(object as RpcNotification, text.length);
    }
  }

  function settle(id: number, body: unknown): void {
    const entry = pending.get(id);
    if (entry === undefined) return;
    for (const sent of entry.ids) pending.delete(sent);
    entry.resolve({ body, status: SWITCHING_PROTOCOLS });
  }

  async function exchange(
    payload: RpcEnvelope | readonly RpcEnvelope[],
    { timeout, signal }: { timeout: number; signal?: AbortSignal | undefined },
  ): Promise<ExchangeAnswer> {
    const started = Date.now();
    if (!connection.isOpen)
      await connection.ready(timeout, signal); // open: no promise turn
    else if (signal?.aborted) throw new AbortError({ reason: signal.reason, method: "WS", url: shown.url });
    const ids = Array.isArray(payload)
      ? payload.map((envelope) => envelope.id)
      : [(payload as RpcEnvelope).id];
    return new Promise<ExchangeAnswer>((resolve, reject) => {
      const finish = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
      };
      const entry: Pending = {
        ids,
        resolve: (answer) => {
          finish();
          resolve(answer);
        },
        reject: (error) => {
          finish();
          reject(error);
        },
      };
      const drop = (error: unknown) => {
        for (const id of ids) pending.delete(id);
        entry.reject(error);
      };
      const onAbort = () => drop(new AbortError({ reason: signal?.reason, method: "WS", url: shown.url }));
      const left = timeout - (Date.now() - started);
      const timer =
        left < 2 ** 31
          ? setTimeout(
              () => drop(new TimeoutError({ timeout, method: "WS", url: shown.url })),
              Math.max(0, left),
            )
          : undefined;
      signal?.addEventListener("abort", onAbort, { once: true });
      for (const id of ids) pending.set(id, entry);
      if (!connection.send(stringifyJson(payload))) {
        // The socket went between opening and this send: say why, when the connection knows.
        drop(
          connection.lastError ??
            new NetworkError({
              method: "WS",
              url: shown.url,
              cause: new Error("the connection closed before sending"),
            }),
        );
      }
    });
  }

  return {
    shown,
    exchange,
    get connected() {
      return connection.isOpen;
    },
    connect: (timeout, signal) => connection.ready(timeout, signal),
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      failAll(new AbortError({ reason: "the client was closed", method: "WS", url: shown.url }));
      await connection.close();
    },
  };
}

function idOf(item: unknown): unknown {
  return item !== null && typeof item === "object" ? (item as { id?: unknown }).id : undefined;
}
