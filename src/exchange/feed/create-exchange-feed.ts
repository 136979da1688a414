import { exchangeChannels } from "../../../generated/exchange/channels.js";
import { requireSecureUrl } from "../../runtime/credentials/secure-url.js";
import { AbortError } from "../../runtime/errors/abort-error.js";
import { ConfigurationError } from "../../runtime/errors/configuration-error.js";
import { RequestValidationError } from "../../runtime/errors/request-validation-error.js";
import { resolveMaxResponseBytes } from "../../runtime/max-response-bytes.js";
import { resolveKeepAlivePolicy } from "../../runtime/websocket/keep-alive-policy.js";
import { resolveReconnectPolicy } from "../../runtime/websocket/reconnect-policy.js";
import { checkWebSocketChoice } from "../../runtime/websocket/websocket-choice.js";
import type { AssetDirectory } from "../assets/asset-directory.js";
import { FeedOverflowError } from "./feed-overflow-error.js";
import { FeedQueue, type OverflowPolicy } from "./feed-queue.js";
import type { FeedSession, FeedSettings } from "./feed-session.js";
import type {
  ExchangeFeed,
  ExchangeFeedOptions,
  FeedRequest,
  FeedSubscribeOptions,
  FeedSubscription,
  FeedType,
} from "./feed-types.js";

const DEFAULT_MAX_BUFFERED = 1000;
const DEFAULT_HEARTBEAT_MS = 50_000;
const HANDSHAKE_TIMEOUT = 10_000;

/** Types whose every message is the whole current state: a slow consumer gets the latest ones. */
const WHOLE_STATE: ReadonlySet<FeedType> = new Set(["allMids", "l2Book", "bbo", "activeAssetCtx", "candle"]);

/**
 * Opens the exchange's WebSocket (`/ws` on the API host; `wss://` for `https://`) for
 * subscriptions, and for `/info` queries and signed actions sent on the open socket. Options are
 * checked at once; the socket code loads and the socket opens on the first subscription or request.
 *
 * A slow consumer costs at most `maxBuffered` messages per subscription: on books, mids, contexts and
 * candles (each message the whole state) the oldest waiting one is dropped; on trades, fills, order
 * updates, user events, funding, ledger updates and notifications nothing is dropped: the
 * subscription ends with a `FeedOverflowError`.
 *
 * @param options - `baseUrl`, and optional `reconnect`, `keepAlive`, `heartbeatInterval`,
 *   `maxBuffered`, `maxResponseBytes`, `validateResponse`, `timeout`, `assets`, `WebSocket`.
 * @returns The feed.
 * @throws {ConfigurationError} for an insecure or malformed URL or a malformed option.
 * A subscription to a coin the exchange does not list ends at once with a `RequestValidationError`
 * naming the closest known coins.
 * @example
 * const feed = createExchangeFeed({ baseUrl: "https://api.hyperliquid.xyz" });
 * for await (const book of feed.subscribe({ type: "l2Book", coin: "BTC" })) {
 *   console.log(book.levels[0][0]?.px, book.levels[1][0]?.px);
 *   break; // unsubscribes
 * }
 * const overSocket = createExchangeClient({ baseUrl: "https://api.hyperliquid.xyz", privateKey: key, network: "mainnet", fetch: feed.fetch });
 * await overSocket.order([{ a: 0, b: true, p: "61500", s: "0.002", r: false, t: { limit: { tif: "Gtc" } } }]); // sent over the socket
 * await feed.close();
 */
export function createExchangeFeed(options: ExchangeFeedOptions): ExchangeFeed {
  const base = requireSecureUrl(options.baseUrl, "baseUrl");
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const url = `${base.protocol === "https:" ? "wss:" : "ws:"}//${base.host}${exchangeChannels.path}`;
  const maxBuffered = checkCount("maxBuffered", options.maxBuffered, DEFAULT_MAX_BUFFERED);
  const heartbeatInterval = checkCount("heartbeatInterval", options.heartbeatInterval, DEFAULT_HEARTBEAT_MS);
  const settings: FeedSettings = {
    baseUrl,
    url,
    choice: checkWebSocketChoice({ given: options.WebSocket, needsHeaders: false }),
    maxMessageBytes: resolveMaxResponseBytes(options.maxResponseBytes),
    handshakeTimeout: Math.min(options.timeout ?? HANDSHAKE_TIMEOUT, HANDSHAKE_TIMEOUT),
    reconnect: resolveReconnectPolicy(options.reconnect),
    keepAlive: resolveKeepAlivePolicy(options.keepAlive),
    heartbeatInterval,
    validate: options.validateResponse ?? true,
  };
  let closed = false;
  let session: Promise<FeedSession> | undefined;
  let opened: FeedSession | undefined;
  const load = () => {
    session ??= import("./feed-session.js")
      .then((module) => module.openFeedSession(settings))
      .then((made) => {
        opened = made;
        return made;
      });
    return session;
  };
  const closedError = () => new AbortError({ reason: "the feed was closed", method: "WS", url });
  let assets: Promise<AssetDirectory> | undefined;

  /** Refuses a coin the exchange does not list, as the `/info` queries do (their check loads with it). */
  async function checkCoin(type: string, coin: unknown) {
    if (options.assets === false || typeof coin !== "string") return;
    assets ??= import("../info-client.js")
      .then(({ createInfoClient }) =>
        createInfoClient({ baseUrl, validateResponse: settings.validate }).assets(),
      )
      .catch((error: unknown) => {
        assets = undefined;
        throw error;
      });
    const known = options.assets ?? (await assets);
    const { coinIssue } = await import("../assets/coin-check.js");
    const issue = coinIssue(coin, "/coin", known);
    if (issue) throw new RequestValidationError(`subscribe ${type}`, [issue]);
  }

  function subscribe(request: FeedRequest, call: FeedSubscribeOptions = {}): FeedSubscription<unknown> {
    if (request === null || typeof request !== "object" || typeof request.type !== "string") {
      throw new RequestValidationError("subscribe", [
        { pointer: "/type", message: "is required: the subscription's type, such as l2Book" },
      ]);
    }
    const type = request.type;
    const limit = checkCount("maxBuffered", call.maxBuffered, maxBuffered);
    const policy: OverflowPolicy = WHOLE_STATE.has(type) ? "latest" : "fail";
    const queue = new FeedQueue<unknown>(limit, policy, () => new FeedOverflowError(type, limit));
    const subscription = Object.defineProperties(queue, {
      type: { value: type, enumerable: true },
      buffered: { get: () => queue.size, enumerable: true },
      unsubscribe: {
        value: async () => {
          await queue.return();
        },
      },
    }) as unknown as FeedSubscription<unknown>;
    const { signal } = call;
    if (signal?.aborted) queue.end();
    signal?.addEventListener("abort", () => void queue.return(), { once: true });
    const start = async () => {
      const made = await load();
      const issues = made.issues(request as Parameters<FeedSession["issues"]>[0]);
      if (issues.length > 0) throw new RequestValidationError(`subscribe ${type}`, issues);
      await checkCoin(type, (request as { coin?: unknown }).coin);
      if (closed) throw closedError();
      made.add({ type, request: { ...request }, queue });
    };
    if (closed) queue.fail(closedError());
    else start().catch((error: unknown) => queue.fail(error));
    return subscription;
  }

  const feed: ExchangeFeed = {
    subscribe: subscribe as ExchangeFeed["subscribe"],
    watch(request, handlers) {
      const { onMessage, onError, ...call } = handlers ?? {};
      if (typeof onMessage !== "function") throw new ConfigurationError("onMessage", "must be a function");
      const subscription = subscribe(request, call);
      const done = (async () => {
        for await (const data of subscription) await onMessage(data as never);
      })().catch((error: unknown) => {
        void subscription.unsubscribe();
        onError?.(error);
      });
      return async () => {
        await subscription.unsubscribe();
        await done;
      };
    },
    fetch: async (input, init) => {
      if (closed) throw closedError();
      return (await load()).fetch(input, init);
    },
    get connected() {
      return opened?.connected ?? false;
    },
    async close() {
      if (closed) return;
      closed = true;
      if (session !== undefined) await (await session.catch(() => undefined))?.close();
    },
  };
  return feed;
}

/** A whole number of messages or milliseconds, at least 1. */
function checkCount(option: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new ConfigurationError(option, "must be a whole number of at least 1");
  }
  return value;
}
