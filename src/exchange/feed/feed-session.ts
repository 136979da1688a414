import { exchangeChannels } from "../../../generated/exchange/channels.js";
import type { ChainkitError } from "../../runtime/errors/chainkit-error.js";
import { NetworkError } from "../../runtime/errors/network-error.js";
import type { FieldIssue } from "../../runtime/errors/request-validation-error.js";
import { ResponseValidationError } from "../../runtime/errors/response-validation-error.js";
import type { FetchFunction } from "../../runtime/http/send-request.js";
import type { ChannelValidators } from "../../runtime/operation.js";
import { checkValue } from "../../runtime/validation/field-issues.js";
import type { KeepAlivePolicy } from "../../runtime/websocket/keep-alive-policy.js";
import type { ReconnectPolicy } from "../../runtime/websocket/reconnect-policy.js";
import { SocketConnection } from "../../runtime/websocket/socket-connection.js";
import type { CheckedWebSocketChoice } from "../../runtime/websocket/websocket-choice.js";
import { ExchangeError } from "../errors/exchange-error.js";
import { createInfoClient } from "../info-client.js";
import {
  type Continuity,
  fillsContinuity,
  orderUpdatesContinuity,
  passThrough,
  tradesContinuity,
} from "./continuity.js";
import type { FeedQueue } from "./feed-queue.js";
import type { FeedType } from "./feed-types.js";
import { type PostRequest, type PostResponse, postFetch } from "./post-fetch.js";
import { messageRoute, type Route, subscriptionRoute, wireKey } from "./subscription-routing.js";

/** Everything a session needs, checked by `createExchangeFeed`. */
export interface FeedSettings {
  baseUrl: string;
  /** The `ws://` or `wss://` URL of the socket. */
  url: string;
  /** The WebSocket class, as the feed's constructor settled it. */
  choice: CheckedWebSocketChoice;
  maxMessageBytes: number;
  handshakeTimeout: number;
  reconnect: ReconnectPolicy;
  keepAlive: KeepAlivePolicy | false;
  heartbeatInterval: number;
  validate: boolean;
}

/** One subscription of the user's, and where its messages go. */
export interface FeedEntry {
  type: FeedType;
  request: Record<string, unknown> & { type: FeedType };
  queue: FeedQueue<unknown>;
}

interface Live extends FeedEntry {
  wire: string;
  route: Route;
  continuity: Continuity;
  /** Whether its subscribe has been sent on some socket (a later one is a reconnect). */
  sent: boolean;
}

interface Pending {
  resolve: (response: PostResponse) => void;
  reject: (error: unknown) => void;
}

const TYPE_OF_CHANNEL = new Map(
  Object.entries(exchangeChannels.channels).map(([type, channel]) => [channel, type as FeedType]),
);

/**
 * One feed's connection: subscribes every subscription when a socket opens (again after each
 * reconnect), checks each message against the spec and hands it to the subscriptions it is for,
 * answers `post` requests by id, sends the service's heartbeat, and on `close()` leaves no socket
 * or timer behind.
 *
 * @example
 * const settings = {
 *   baseUrl: "https://api.hyperliquid.xyz",
 *   url: "wss://api.hyperliquid.xyz/ws",
 *   choice: checkWebSocketChoice({ needsHeaders: false }),
 *   maxMessageBytes: DEFAULT_MAX_RESPONSE_BYTES,
 *   handshakeTimeout: 10_000,
 *   reconnect: resolveReconnectPolicy({}),
 *   keepAlive: resolveKeepAlivePolicy({}),
 *   heartbeatInterval: 50_000,
 *   validate: true,
 * };
 * const session = await openFeedSession(settings);
 * const queue = new FeedQueue<unknown>(1000, "latest", () => new Error("overflow"));
 * session.add({ type: "l2Book", request: { type: "l2Book", coin: "BTC" }, queue });
 */
export class FeedSession {
  readonly #settings: FeedSettings;
  readonly #validators: ChannelValidators;
  readonly #connection: SocketConnection;
  readonly #live = new Set<Live>();
  /** Subscriptions on the service, by wire key, with how many of ours share each. */
  readonly #wires = new Map<string, { request: Record<string, unknown>; users: number }>();
  readonly #pending = new Map<number, Pending>();
  readonly fetch: FetchFunction;
  #nextId = 1;
  #lastSentAt = 0;
  #heartbeat: ReturnType<typeof setTimeout> | undefined;
  #info: ReturnType<typeof createInfoClient> | undefined;

  constructor(settings: FeedSettings, validators: ChannelValidators) {
    this.#settings = settings;
    this.#validators = validators;
    this.fetch = postFetch(settings.baseUrl, (request, signal) => this.post(request, signal));
    const shownUrl = settings.url;
    this.#connection = new SocketConnection({
      url: settings.url,
      headers: {},
      shownUrl,
      redact: (text) => text,
      choice: settings.choice,
      maxMessageBytes: settings.maxMessageBytes,
      handshakeTimeout: settings.handshakeTimeout,
      reconnect: settings.reconnect,
      keepAlive: settings.keepAlive,
      ping: () => PING,
      onMessage: (text) => this.#receive(text),
      onOpen: () => this.#opened(),
      onDown: (error) => this.#down(error),
      onGiveUp: (error) => {
        this.#down(error);
        for (const live of [...this.#live]) live.queue.fail(error);
      },
    });
  }

  get connected(): boolean {
    return this.#connection.isOpen;
  }

  /** What is wrong with a subscription object, by the spec; empty when nothing is. */
  issues(request: Record<string, unknown> & { type: FeedType }): FieldIssue[] {
    const validate = this.#validators.subscriptions[request.type]?.validate;
    if (validate === undefined) {
      const types = Object.keys(exchangeChannels.channels).join(", ");
      return [{ pointer: "/type", message: `must be one of: ${types}` }];
    }
    return checkValue(validate, request, "");
  }

  /** Starts delivering messages of one subscription to its queue (the request is checked already). */
  add(entry: FeedEntry): void {
    if (entry.queue.ended) return;
    const deliver = (data: unknown) => entry.queue.push(data);
    const live: Live = {
      ...entry,
      wire: wireKey(entry.request),
      route: subscriptionRoute(entry.request),
      continuity: this.#continuity(entry, deliver),
      sent: false,
    };
    entry.queue.onReturn = () => this.#remove(live);
    this.#live.add(live);
    const wire = this.#wires.get(live.wire);
    if (wire !== undefined) wire.users++;
    else this.#wires.set(live.wire, { request: entry.request, users: 1 });
    if (this.#connection.isOpen) {
      if (wire === undefined) this.#send({ method: "subscribe", subscription: entry.request });
      live.sent = true;
    } else this.#connection.ready(Number.POSITIVE_INFINITY).catch(() => undefined);
  }

  /**
   * Sends one `post` once a socket is open and resolves with its `response`.
   *
   * @throws {NetworkError} when the socket is lost first (the exchange clients resend, unchanged).
   * @throws the `signal`'s reason when it aborts (the clients' timeout and cancel).
   */
  async post(request: PostRequest, signal: AbortSignal | undefined): Promise<PostResponse> {
    signal?.throwIfAborted();
    if (!this.#connection.isOpen) {
      await new Promise<void>((resolve, reject) => {
        const onAbort = () => reject(signal?.reason);
        signal?.addEventListener("abort", onAbort, { once: true });
        this.#connection.ready(Number.POSITIVE_INFINITY, signal).then(resolve, (error: unknown) => {
          reject(signal?.aborted ? signal.reason : error);
        });
      });
    }
    const id = this.#nextId++;
    return new Promise<PostResponse>((resolve, reject) => {
      const onAbort = () => settle.reject(signal?.reason);
      const settle: Pending = {
        resolve: (response) => {
          this.#pending.delete(id);
          signal?.removeEventListener("abort", onAbort);
          resolve(response);
        },
        reject: (error) => {
          this.#pending.delete(id);
          signal?.removeEventListener("abort", onAbort);
          reject(error);
        },
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.#pending.set(id, settle);
      if (!this.#send({ method: "post", id, request })) {
        settle.reject(this.#lost(new Error("the connection closed before sending")));
      }
    });
  }

  /** Ends every subscription (without error), fails the requests in flight, closes the socket. */
  async close(): Promise<void> {
    clearTimeout(this.#heartbeat);
    this.#heartbeat = undefined;
    for (const live of [...this.#live]) live.queue.end();
    this.#live.clear();
    this.#wires.clear();
    this.#failPending(this.#lost(new Error("the feed was closed")));
    await this.#connection.close();
  }

  #continuity(entry: FeedEntry, deliver: (data: unknown) => void): Continuity {
    if (entry.type === "trades") return tradesContinuity(deliver);
    if (entry.type !== "userFills" && entry.type !== "orderUpdates") return passThrough(deliver);
    const user = String(entry.request.user);
    // Gaps are read over the same socket, after the new subscription: the answers cover up to it.
    this.#info ??= createInfoClient({
      baseUrl: this.#settings.baseUrl,
      fetch: this.fetch,
      validateResponse: this.#settings.validate,
    });
    const info = this.#info;
    const fail = (error: unknown) => entry.queue.fail(error);
    if (entry.type === "orderUpdates") {
      return orderUpdatesContinuity(deliver, () => info.historicalOrders(user), fail);
    }
    return fillsContinuity(deliver, (startTime) => info.fillsByTime(user, { startTime }), fail);
  }

  #remove(live: Live): void {
    if (!this.#live.delete(live)) return;
    const wire = this.#wires.get(live.wire);
    if (wire === undefined || --wire.users > 0) return;
    this.#wires.delete(live.wire);
    if (this.#connection.isOpen) this.#send({ method: "unsubscribe", subscription: wire.request });
  }

  #send(message: unknown): boolean {
    const sent = this.#connection.send(JSON.stringify(message));
    if (sent) this.#lastSentAt = Date.now();
    return sent;
  }

  #opened(): void {
    for (const wire of this.#wires.values()) this.#send({ method: "subscribe", subscription: wire.request });
    for (const live of this.#live) {
      if (live.sent) live.continuity.reconnected();
      live.sent = true;
    }
    this.#armHeartbeat();
  }

  #down(error: ChainkitError): void {
    clearTimeout(this.#heartbeat);
    this.#heartbeat = undefined;
    this.#failPending(error);
  }

  /** Sends `{"method":"ping"}` whenever nothing was sent for `heartbeatInterval`: the service counts what it receives. */
  #armHeartbeat(): void {
    const interval = this.#settings.heartbeatInterval;
    this.#lastSentAt = Date.now();
    const check = () => {
      if (!this.#connection.isOpen) return;
      const due = this.#lastSentAt + interval - Date.now();
      if (due > 0) {
        this.#heartbeat = setTimeout(check, due);
        return;
      }
      if (this.#connection.send(PING)) this.#lastSentAt = Date.now();
      this.#heartbeat = setTimeout(check, interval);
    };
    clearTimeout(this.#heartbeat);
    this.#heartbeat = setTimeout(check, interval);
  }

  #failPending(error: unknown): void {
    for (const pending of [...this.#pending.values()]) pending.reject(error);
  }

  #lost(cause: Error): NetworkError {
    return new NetworkError({ method: "WS", url: this.#settings.url, cause });
  }

  #receive(text: string): void {
    let message: { channel?: unknown; data?: unknown };
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      return; // not JSON: nothing it could belong to
    }
    if (message === null || typeof message !== "object") return;
    const { channel, data } = message;
    if (channel === "post") {
      this.#answer(data);
      return;
    }
    if (channel === "error") {
      this.#refused(String(data));
      return;
    }
    const type = TYPE_OF_CHANNEL.get(String(channel));
    if (type === undefined) return; // pong, subscriptionResponse, channels of no subscription here
    const targets = this.#targets(type, data);
    if (targets.length === 0) return;
    const validate = this.#validators.messages[type]?.validate;
    if (this.#settings.validate && validate !== undefined && !validate(data)) {
      const error = new ResponseValidationError(
        `WebSocket ${type}`,
        101,
        checkValue(validate, data, "/data"),
      );
      for (const live of targets) live.queue.fail(error);
      return;
    }
    for (const live of targets) live.continuity.receive(data);
  }

  #targets(type: FeedType, data: unknown): Live[] {
    const route = messageRoute(type, data);
    const targets: Live[] = [];
    for (const live of this.#live) if (live.type === type && live.route === route) targets.push(live);
    return targets;
  }

  #answer(data: unknown): void {
    const answer = data as { id?: unknown; response?: PostResponse } | null;
    if (typeof answer?.id !== "number" || answer.response === undefined) return;
    this.#pending.get(answer.id)?.resolve(answer.response);
  }

  /**
   * A refusal on channel `error` names the request it refuses in JSON: a `post` by id, or a
   * subscription, whose subscriptions then fail with the service's words.
   */
  #refused(text: string): void {
    const quoted = /\{.*\}/s.exec(text)?.[0];
    let named: Record<string, unknown> | undefined;
    try {
      named = quoted === undefined ? undefined : (JSON.parse(quoted) as Record<string, unknown>);
    } catch {
      named = undefined;
    }
    if (named === undefined) return;
    if (typeof named.id === "number") {
      this.#pending.get(named.id)?.resolve({ type: "error", payload: text });
      return;
    }
    const subscription = (named.subscription ?? named) as Record<string, unknown>;
    const error = new ExchangeError(`The exchange refused a subscription: ${text}`, { serviceMessage: text });
    for (const live of [...this.#live]) {
      if (
        Object.entries(subscription).every(([key, value]) => value === null || live.request[key] === value)
      ) {
        live.queue.fail(error);
      }
    }
  }
}

const PING = '{"method":"ping"}';

/**
 * Loads the channels' validators and makes a session (the socket opens on the first subscription or request).
 *
 * @example
 * const settings = {
 *   baseUrl: "https://api.hyperliquid.xyz",
 *   url: "wss://api.hyperliquid.xyz/ws",
 *   choice: checkWebSocketChoice({ needsHeaders: false }),
 *   maxMessageBytes: DEFAULT_MAX_RESPONSE_BYTES,
 *   handshakeTimeout: 10_000,
 *   reconnect: resolveReconnectPolicy({}),
 *   keepAlive: resolveKeepAlivePolicy({}),
 *   heartbeatInterval: 50_000,
 *   validate: true,
 * };
 * const session = await openFeedSession(settings);
 */
export async function openFeedSession(settings: FeedSettings): Promise<FeedSession> {
  return new FeedSession(settings, await exchangeChannels.validators());
}
