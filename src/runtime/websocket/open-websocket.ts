import type { WebSocketChoice } from "./websocket-choice.js";
import type { WebSocketConstructor, WebSocketLike } from "./websocket-like.js";

/** What {@link openWebSocket} needs to dial. */
export interface DialOptions {
  url: string;
  /** Headers for the upgrade request (basic auth); needs the `ws` package. */
  headers: Record<string, string>;
  /** Largest message to accept, in bytes (the `ws` package stops reading past it). */
  maxMessageBytes: number;
  /** Milliseconds the opening handshake may take. */
  handshakeTimeout: number;
}

/** A dialled socket and what its class can do. */
export interface OpenedSocket {
  socket: WebSocketLike;
  /** Whether the class enforces `maxMessageBytes` itself while reading (only `ws` does). */
  limitsMessages: boolean;
  /** Ends the connection at once, without a closing handshake (when the class can). */
  terminate(): void;
}

/**
 * Opens a WebSocket: with the caller's class, else the global `WebSocket` where the runtime has one
 * (browsers, Deno, Bun, Node 22+), else the `ws` package (Node 20, which has no stable global). Basic
 * auth always goes through `ws`, the one that can put headers on the upgrade request. The `ws` code is
 * loaded only here, so clients that never open a socket never load it.
 *
 * @param choice - The caller's class and whether headers are needed (see {@link checkWebSocketChoice}).
 * @param dial - URL, headers, message size limit and handshake timeout.
 * @returns The socket (still connecting) and what its class enforces.
 * @example
 * const { socket } = await openWebSocket({ needsHeaders: false }, { url, headers: {}, maxMessageBytes: 1 << 26, handshakeTimeout: 10_000 });
 */
export async function openWebSocket(choice: WebSocketChoice, dial: DialOptions): Promise<OpenedSocket> {
  const Given = choice.given ?? (choice.needsHeaders ? undefined : globalWebSocket());
  if (Given !== undefined) {
    const socket = new Given(dial.url);
    return { socket, limitsMessages: false, terminate: () => socket.close() };
  }
  const { WebSocket } = await import("ws");
  const socket = new WebSocket(dial.url, {
    headers: dial.headers,
    maxPayload: dial.maxMessageBytes,
    handshakeTimeout: dial.handshakeTimeout,
  });
  return {
    socket: socket as unknown as WebSocketLike,
    limitsMessages: true,
    terminate: () => socket.terminate(),
  };
}

function globalWebSocket(): WebSocketConstructor | undefined {
  const candidate = (globalThis as { WebSocket?: unknown }).WebSocket;
  return typeof candidate === "function" ? (candidate as WebSocketConstructor) : undefined;
}
