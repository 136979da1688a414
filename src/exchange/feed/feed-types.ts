import type { ExchangeChannels, ExchangeChannelType } from "../../../generated/exchange/channels.js";
import type { FetchFunction } from "../../runtime/http/send-request.js";
import type { KeepAliveOptions } from "../../runtime/websocket/keep-alive-policy.js";
import type { ReconnectOptions } from "../../runtime/websocket/reconnect-policy.js";
import type { WebSocketConstructor } from "../../runtime/websocket/websocket-like.js";
import type { AssetDirectory } from "../assets/asset-directory.js";

/** The subscription types of the exchange's WebSocket (`l2Book`, `userFills`, …). */
export type FeedType = ExchangeChannelType;

/** A subscription object of one type, as the service takes it: `{ type: "l2Book", coin: "BTC" }`. */
export type FeedRequest<K extends FeedType = FeedType> = K extends FeedType
  ? Omit<ExchangeChannels[K]["subscription"], "type"> & { type: K }
  : never;

/** The `data` of one message of a subscription type, checked against the spec. */
export type FeedData<K extends FeedType> = ExchangeChannels[K]["data"];

/** Options of {@link createExchangeFeed}. */
export interface ExchangeFeedOptions {
  /** The exchange API base URL (`https://…`, or `http://` to loopback); the socket is `/ws` on its host (`wss://` for https). */
  baseUrl: string;
  /** Dialing again after a drop: backoff with full jitter (default 10 failed dials in a row); `false` for no reconnects. */
  reconnect?: ReconnectOptions | false;
  /** Replacing a connection that stays silent after a ping (default: ping after 15 s of quiet, wait 10 s); `false` for none. */
  keepAlive?: KeepAliveOptions | false;
  /**
   * Milliseconds without sending anything after which a `{"method":"ping"}` is sent (default 50 000):
   * the service closes a socket that has sent nothing for 60 s, however much it receives.
   */
  heartbeatInterval?: number;
  /** Messages a subscription keeps for a slow consumer (default 1000; each subscription may set its own). */
  maxBuffered?: number;
  /** The largest message accepted, in bytes (default 64 MiB; `Infinity`: none). */
  maxResponseBytes?: number;
  /** Check every subscription and message against the spec (default `true`). */
  validateResponse?: boolean;
  /** Milliseconds the opening handshake may take (default 10 000). */
  timeout?: number;
  /**
   * The assets a subscription's `coin` is checked against before subscribing (the service answers an
   * unknown coin with an empty book forever), or `false` to subscribe unchecked. Default: read once
   * from `/info` at `baseUrl` with the first subscription that names a coin.
   */
  assets?: AssetDirectory | false;
  /** A browser-style WebSocket class instead of the default (the `ws` package in Node, else the global one). */
  WebSocket?: WebSocketConstructor;
}

/** Options of one subscription. */
export interface FeedSubscribeOptions {
  /** Messages kept for a slow consumer (default the feed's `maxBuffered`). */
  maxBuffered?: number;
  /** Ends the subscription (its iteration finishes without error). */
  signal?: AbortSignal;
}

/**
 * One subscription: an async iterator of its messages' `data`. `break` or `unsubscribe()` ends it
 * and unsubscribes on the service once no other subscription of the feed uses the same object.
 */
export interface FeedSubscription<T> extends AsyncIterableIterator<T> {
  readonly type: FeedType;
  /** Messages waiting for the consumer. */
  readonly buffered: number;
  /** Messages dropped for a slow consumer (only where each message is the whole state: books, mids, contexts, candles). */
  readonly dropped: number;
  unsubscribe(): Promise<void>;
}

/** Callbacks of {@link ExchangeFeed.watch}. */
export interface FeedHandlers<T> extends FeedSubscribeOptions {
  /** Each message's `data`; the next one waits for a returned promise. */
  onMessage(data: T): void | Promise<void>;
  /** The subscription ended with an error (it is unsubscribed). */
  onError?(error: unknown): void;
}

/** The exchange's WebSocket: subscriptions, requests over the open socket, and `close()`. */
export interface ExchangeFeed {
  /**
   * Subscribes; the socket opens on the first subscription. After a reconnect every subscription is
   * made again: books, mids and contexts go on with a fresh whole state; `userFundings` and
   * `userNonFundingLedgerUpdates` with a fresh snapshot (`isSnapshot: true`); `userFills` with the
   * fills made while the socket was down, read from `userFillsByTime`, so none is missed or repeated;
   * `trades` without the ones already delivered.
   *
   * @throws (on the first read) {RequestValidationError} naming the field of a bad subscription;
   *   {ResponseValidationError} for a message outside the spec; {ExchangeError} when the service
   *   refuses the subscription; {FeedOverflowError} for a consumer too slow on a subscription whose
   *   messages all count; {HttpError | NetworkError} when dialing gives up.
   */
  subscribe<R extends FeedRequest>(
    request: R,
    options?: FeedSubscribeOptions,
  ): FeedSubscription<FeedData<R["type"]>>;
  /** Like {@link ExchangeFeed.subscribe}, with callbacks; returns the function that stops it. */
  watch<R extends FeedRequest>(request: R, handlers: FeedHandlers<FeedData<R["type"]>>): () => Promise<void>;
  /**
   * A `fetch` that carries `POST /info` and `POST /exchange` requests over the open socket (the
   * service's `post` method). Give it to `createInfoClient` or `createExchangeClient` as `fetch`: their
   * checks, signing, nonce queue, retries and per-request `timeout` stay exactly as over HTTP.
   */
  readonly fetch: FetchFunction;
  /** Whether a socket is open now. */
  readonly connected: boolean;
  /** Ends every subscription (without error), fails requests in flight, closes the socket; no timer stays. */
  close(): Promise<void>;
}
