import type { CheckedWebSocketChoice } from "./websocket-choice.js";
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
  /**
   * Calls `listener` for each ping the node sends, where the class reports them (only `ws` does; a
   * browser answers pings out of sight).
   */
  onPing?(listener: () => void): void;
}

/**
 * Opens a WebSocket: with the caller's class if given; else, wherever the runtime can load it (Node,
 * and runtimes that emulate Node), with the `ws` package, the one class that stops reading a message
 * once it passes `maxMessageBytes` and that can put headers (basic auth) on the upgrade request; else
 * with the global `WebSocket` (browsers). A browser-style class hands over a message only once it has
 * arrived whole, so its size is checked then. The `ws` code is loaded only here, so clients that never
 * open a socket never load it.
 *
 * @param choice - The caller's class and whether headers are needed (see {@link checkWebSocketChoice}).
 * @param dial - URL, headers, message size limit and handshake timeout.
 * @returns The socket (still connecting) and what its class enforces.
 * @example
 * const { socket } = await openWebSocket({ needsHeaders: false, loadsWsPackage: true }, { url, headers: {}, maxMessageBytes: 1 << 26, handshakeTimeout: 10_000 });
 */
export async function openWebSocket(
  choice: CheckedWebSocketChoice,
  dial: DialOptions,
): Promise<OpenedSocket> {
  if (choice.given !== undefined) return browserStyle(choice.given, dial);
  const ws = choice.loadsWsPackage ? await loadWsPackage(choice.needsHeaders) : undefined;
  if (ws === undefined) return browserStyle(globalWebSocket(), dial);
  const socket = new ws.WebSocket(dial.url, {
    headers: dial.headers,
    maxPayload: dial.maxMessageBytes,
    handshakeTimeout: dial.handshakeTimeout,
  });
  return {
    socket: socket as unknown as WebSocketLike,
    limitsMessages: true,
    terminate: () => socket.terminate(),
    onPing: (listener) => socket.on("ping", listener),
  };
}

/**
 * The `ws` package, or `undefined` where it cannot be loaded and a global class can stand in (a
 * bundle built without it); with headers to send there is no stand-in, so the load error is thrown.
 */
async function loadWsPackage(needsHeaders: boolean): Promise<typeof import("ws") | undefined> {
  try {
    return await import("ws");
  } catch (error) {
    if (needsHeaders || typeof (globalThis as { WebSocket?: unknown }).WebSocket !== "function") throw error;
    return undefined;
  }
}

function browserStyle(Class: WebSocketConstructor, dial: DialOptions): OpenedSocket {
  const socket = new Class(dial.url);
  return { socket, limitsMessages: false, terminate: () => socket.close() };
}

function globalWebSocket(): WebSocketConstructor {
  return (globalThis as unknown as { WebSocket: WebSocketConstructor }).WebSocket;
}
