import { AbortError } from "../errors/abort-error.js";
import type { ChainkitError } from "../errors/chainkit-error.js";
import { NetworkError } from "../errors/network-error.js";
import { TimeoutError } from "../errors/timeout-error.js";
import type { KeepAlivePolicy } from "./keep-alive-policy.js";
import { type OpenedSocket, openWebSocket } from "./open-websocket.js";
import { MAX_PINGS_PER_SECOND, PingCounter } from "./ping-flood.js";
import type { ReconnectPolicy } from "./reconnect-policy.js";
import {
  refusedForGood,
  type SocketErrorContext,
  socketError,
  socketNetworkError,
  socketTooLarge,
} from "./socket-errors.js";
import type { CheckedWebSocketChoice } from "./websocket-choice.js";

/** Options of {@link SocketConnection}: what its errors may say, and how it dials and stays up. */
export interface SocketConnectionOptions extends SocketErrorContext {
  /** The URL to dial (holds the token in token mode: never shown). */
  url: string;
  /** Headers of the upgrade request (basic auth). */
  headers: Record<string, string>;
  /** The WebSocket class to open sockets with, as the client's constructor settled it. */
  choice: CheckedWebSocketChoice;
  /** Milliseconds the opening handshake may take. */
  handshakeTimeout: number;
  reconnect: ReconnectPolicy;
  keepAlive: KeepAlivePolicy | false;
  /** The text of one keep-alive request (any answer, even an error, proves the connection alive). */
  ping: () => string;
  /** Every message, as text. */
  onMessage(text: string): void;
  /** Each time a socket opens (the first time and after every reconnect). */
  onOpen(): void;
  /** Each time an open socket is lost, with the reason; a reconnect follows unless dialing gives up. */
  onDown(error: ChainkitError): void;
  /**
   * Dialing stopped: the upgrade was refused for good, `reconnect.attempts` dials failed in a row (a
   * connection dropped within 2 s of opening counts as one), or the first dial found nothing there.
   */
  onGiveUp(error: ChainkitError): void;
}

type State = "idle" | "connecting" | "open" | "waiting" | "failed" | "closed";

interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** How long `close()` waits for the server's closing handshake before cutting the connection. */
const CLOSE_GRACE_MS = 1_000;
/** Close code for a message over the limit (RFC 6455 "message too big"). */
const MESSAGE_TOO_BIG = 1009;
/**
 * How long a connection must stay open before its drop no longer counts as a failed dial: a server
 * that accepts the upgrade (and perhaps answers a request or two) and drops it at once is backed off
 * from and given up on, and one that drops later is dialled at most once per this time.
 */
const STAYED_UP_MS = 2_000;

/**
 * One logical WebSocket connection that stays up: dials on demand, reconnects after a drop with
 * exponential backoff and full jitter, sends a keep-alive request when the line is quiet and replaces
 * a socket that stays silent after it (a stalled connection that never closes), refuses messages over
 * the size limit, and on `close()` leaves no socket or timer behind. Secrets live in private fields,
 * so inspecting it shows none.
 *
 * @example
 * const connection = new SocketConnection({
 *   url: `wss://nd-1.example.com/ws/${token}`,
 *   headers: {},
 *   shownUrl: "wss://nd-1.example.com/ws/***",
 *   redact: (text) => text.replaceAll(token, "***"),
 *   choice: checkWebSocketChoice({ needsHeaders: false }),
 *   maxMessageBytes: DEFAULT_MAX_RESPONSE_BYTES,
 *   handshakeTimeout: 10_000,
 *   reconnect: resolveReconnectPolicy({}),
 *   keepAlive: resolveKeepAlivePolicy({}),
 *   ping: () => '{"jsonrpc":"2.0","id":"keepalive","method":"eth_chainId","params":[]}',
 *   onMessage: (text) => console.log(text),
 *   onOpen: () => console.log("open"),
 *   onDown: (error) => console.log(error.message),
 *   onGiveUp: (error) => console.log(error.message),
 * });
 * await connection.ready(10_000);
 * connection.send('{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}');
 */
export class SocketConnection {
  readonly #options: SocketConnectionOptions;
  #state: State = "idle";
  #opened: OpenedSocket | undefined;
  #waiters = new Set<Waiter>();
  #failedDials = 0;
  /** Whether a socket has opened since this round of dialing began (the reconnect policy applies then). */
  #wasUp = false;
  #openedAt = 0;
  #lastError: ChainkitError | undefined;
  #lastMessageAt = 0;
  #pingSentAt = 0;
  #keepAliveTimer: ReturnType<typeof setTimeout> | undefined;
  #dialTimer: ReturnType<typeof setTimeout> | undefined;
  #handshakeTimer: ReturnType<typeof setTimeout> | undefined;
  #closed: Promise<void> | undefined;

  constructor(options: SocketConnectionOptions) {
    this.#options = options;
  }

  /** Whether a socket is open now. */
  get isOpen(): boolean {
    return this.#state === "open";
  }

  /** Why the last socket was lost or the last dial failed; `undefined` while a socket is open. */
  get lastError(): ChainkitError | undefined {
    return this.#lastError;
  }

  /**
   * Resolves once a socket is open, dialing when none is (also after dialing gave up).
   *
   * @throws {TimeoutError} when no socket opens within `timeout` ms.
   * @throws {AbortError} when `signal` aborts, or the connection is closed.
   * @throws {HttpError | NetworkError} when dialing gives up.
   */
  ready(timeout: number, signal?: AbortSignal): Promise<void> {
    if (this.#state === "open") return Promise.resolve();
    if (this.#state === "closed") return Promise.reject(this.#closedError());
    if (signal?.aborted) return Promise.reject(new AbortError({ reason: signal.reason }));
    if (this.#state === "idle" || this.#state === "failed") {
      this.#failedDials = 0;
      this.#wasUp = false;
      this.#dial();
    }
    return new Promise<void>((resolve, reject) => {
      const finish = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        this.#waiters.delete(waiter);
      };
      const waiter: Waiter = {
        resolve: () => {
          finish();
          resolve();
        },
        reject: (error) => {
          finish();
          reject(error);
        },
      };
      const onAbort = () => waiter.reject(new AbortError({ reason: signal?.reason }));
      const timer =
        timeout < 2 ** 31
          ? setTimeout(
              () =>
                waiter.reject(
                  this.#lastError ?? new TimeoutError({ timeout, method: "WS", url: this.#options.shownUrl }),
                ),
              timeout,
            )
          : undefined;
      signal?.addEventListener("abort", onAbort, { once: true });
      this.#waiters.add(waiter);
    });
  }

  /**
   * Sends one text message on the open socket.
   *
   * @returns `false` when no socket is open (the message was not sent).
   */
  send(text: string): boolean {
    const socket = this.#opened?.socket;
    if (this.#state !== "open" || socket === undefined) return false;
    socket.send(text);
    return true;
  }

  /**
   * Drops the current socket as dead and dials a new one (used when a keep-alive goes unanswered, and
   * by callers that find the connection unusable).
   */
  replace(error: ChainkitError): void {
    if (this.#state !== "open" && this.#state !== "connecting") return;
    this.#lose(error);
  }

  /** Closes the socket (politely, then at once after a short grace), stops every timer; idempotent. */
  close(): Promise<void> {
    if (this.#closed) return this.#closed;
    const opened = this.#opened;
    const wasOpen = this.#state === "open";
    this.#state = "closed";
    this.#clearTimers();
    this.#opened = undefined;
    for (const waiter of [...this.#waiters]) waiter.reject(this.#closedError());
    this.#closed = new Promise<void>((resolve) => {
      if (opened === undefined) return resolve();
      if (!wasOpen) {
        opened.terminate();
        return resolve();
      }
      const grace = setTimeout(() => {
        opened.terminate();
        resolve();
      }, CLOSE_GRACE_MS);
      opened.socket.addEventListener("close", () => {
        clearTimeout(grace);
        resolve();
      });
      opened.socket.close(1000, "client closed");
    });
    return this.#closed;
  }

  #closedError(): AbortError {
    return new AbortError({ reason: "the client was closed", method: "WS", url: this.#options.shownUrl });
  }

  #dial(): void {
    this.#state = "connecting";
    const options = this.#options;
    const maxMessageBytes = Number.isFinite(options.maxMessageBytes) ? options.maxMessageBytes : 0;
    openWebSocket(options.choice, {
      url: options.url,
      headers: options.headers,
      maxMessageBytes,
      handshakeTimeout: options.handshakeTimeout,
    }).then(
      (opened) => this.#watch(opened),
      (error: unknown) => this.#dialFailed(socketNetworkError(this.#options, error)),
    );
  }

  #watch(opened: OpenedSocket): void {
    if (this.#state !== "connecting") {
      opened.terminate();
      return;
    }
    this.#opened = opened;
    const { socket } = opened;
    const current = () => this.#opened === opened;
    let failure: ChainkitError | undefined;
    // A ping flood is hostile: the socket is dropped (a drop soon after opening counts as a failed
    // dial, so the redials back off and give up) instead of answering every ping.
    const pings = new PingCounter();
    opened.onPing?.(() => {
      if (current() && pings.flooded(Date.now())) this.#lose(pingFlood(this.#options));
    });
    // The ws package enforces its own handshake timeout; a browser-style class gets ours.
    this.#handshakeTimer = setTimeout(() => {
      if (current() && this.#state === "connecting") {
        this.#dialFailed(
          new TimeoutError({
            timeout: this.#options.handshakeTimeout,
            method: "WS",
            url: this.#options.shownUrl,
          }),
        );
      }
    }, this.#options.handshakeTimeout);
    socket.addEventListener("open", () => {
      if (!current()) return;
      clearTimeout(this.#handshakeTimer);
      this.#state = "open";
      this.#wasUp = true;
      this.#openedAt = Date.now();
      this.#lastError = undefined;
      this.#lastMessageAt = Date.now();
      this.#armKeepAlive();
      for (const waiter of [...this.#waiters]) waiter.resolve();
      this.#options.onOpen();
    });
    socket.addEventListener("message", (event: { data: unknown }) => {
      if (!current()) return;
      this.#lastMessageAt = Date.now();
      const text = typeof event.data === "string" ? event.data : String(event.data);
      if (!opened.limitsMessages && overLimit(text, this.#options.maxMessageBytes)) {
        this.#lose(socketTooLarge(this.#options));
        return;
      }
      this.#options.onMessage(text);
    });
    socket.addEventListener("error", (event: { error?: unknown; message?: unknown }) => {
      if (!current()) return;
      failure = socketError(this.#options, event.error ?? event.message);
    });
    socket.addEventListener("close", (event: { code?: number }) => {
      if (!current()) return;
      const error =
        event.code === MESSAGE_TOO_BIG
          ? socketTooLarge(this.#options)
          : (failure ??
            socketNetworkError(
              this.#options,
              new Error(`the connection closed (code ${event.code ?? "none"})`),
            ));
      if (this.#state === "connecting") this.#dialFailed(error);
      else this.#lose(error);
    });
  }

  /**
   * An open (or opening) socket is gone: tell the owner, then dial again. A connection that stayed up
   * a while is dialled again at once with a fresh count of attempts; one dropped sooner counts as a
   * failed dial, so the backoff grows and dialing gives up.
   */
  #lose(error: ChainkitError): void {
    const wasOpen = this.#state === "open";
    this.#opened?.terminate();
    this.#opened = undefined;
    this.#clearTimers();
    if (!wasOpen) {
      this.#dialFailed(error);
      return;
    }
    this.#lastError = error;
    this.#options.onDown(error);
    if (this.#state !== "open") return; // closed meanwhile
    if (Date.now() - this.#openedAt >= STAYED_UP_MS) {
      this.#failedDials = 0;
      this.#scheduleDial(0);
    } else this.#dialFailed(error);
  }

  #dialFailed(error: ChainkitError): void {
    if (this.#state === "closed") return;
    this.#opened?.terminate();
    this.#opened = undefined;
    this.#clearTimers();
    this.#lastError = error;
    this.#failedDials++;
    // The reconnect policy is for connections that were up: a first dial that finds nothing there
    // fails as fast as the socket does.
    const nothingThere = !this.#wasUp && error instanceof NetworkError;
    if (nothingThere || refusedForGood(error) || this.#failedDials >= this.#options.reconnect.attempts) {
      this.#state = "failed";
      for (const waiter of [...this.#waiters]) waiter.reject(error);
      this.#options.onGiveUp(error);
      return;
    }
    this.#scheduleDial(this.#failedDials);
  }

  /** Full jitter: a random wait up to `baseDelay * 2^attempt`, capped at `maxDelay`. */
  #scheduleDial(attempt: number): void {
    const { baseDelay, maxDelay } = this.#options.reconnect;
    const delay = Math.floor(Math.random() * Math.min(maxDelay, baseDelay * 2 ** attempt));
    this.#state = "waiting";
    this.#dialTimer = setTimeout(() => {
      this.#dialTimer = undefined;
      if (this.#state === "waiting") this.#dial();
    }, delay);
  }

  /**
   * One timer serves the keep-alive: it wakes when the line may have gone quiet, sends a request if it
   * has, and replaces the socket when nothing at all came back within `timeout`.
   */
  #armKeepAlive(): void {
    const policy = this.#options.keepAlive;
    if (policy === false) return;
    const check = () => {
      if (this.#state !== "open") return;
      const now = Date.now();
      if (this.#pingSentAt > this.#lastMessageAt) {
        if (now - this.#pingSentAt >= policy.timeout) {
          return this.replace(
            socketNetworkError(
              this.#options,
              new Error(
                `no message within ${policy.timeout} ms of a keep-alive request; the connection was replaced`,
              ),
            ),
          );
        }
        this.#keepAliveTimer = setTimeout(check, this.#pingSentAt + policy.timeout - now);
        return;
      }
      const quietFor = now - this.#lastMessageAt;
      if (quietFor < policy.interval) {
        this.#keepAliveTimer = setTimeout(check, policy.interval - quietFor);
        return;
      }
      this.#pingSentAt = now;
      this.send(this.#options.ping());
      this.#keepAliveTimer = setTimeout(check, policy.timeout);
    };
    this.#pingSentAt = 0;
    this.#keepAliveTimer = setTimeout(check, policy.interval);
  }

  #clearTimers(): void {
    clearTimeout(this.#keepAliveTimer);
    clearTimeout(this.#dialTimer);
    clearTimeout(this.#handshakeTimer);
    this.#keepAliveTimer = undefined;
    this.#dialTimer = undefined;
    this.#handshakeTimer = undefined;
  }
}

function pingFlood(context: SocketErrorContext): NetworkError {
  return socketNetworkError(
    context,
    new Error(
      `the node sent more than ${MAX_PINGS_PER_SECOND} pings within a second (a ping flood): the connection was dropped and is dialled again with backoff; check the node`,
    ),
  );
}

/** Whether a text message is over `limit` bytes, without encoding it when its length already decides. */
function overLimit(text: string, limit: number): boolean {
  if (text.length > limit) return true; // every UTF-16 unit is at least one UTF-8 byte
  if (text.length * 3 <= limit) return false; // and at most three
  return new TextEncoder().encode(text).length > limit;
}
