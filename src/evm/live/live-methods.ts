import type { LogSubscriptionFilter } from "../../../generated/evm/types.js";
import type {
  ChainSubscriptionOptions,
  HeadSubscriptionOptions,
  LiveKind,
  LogEvent,
  NewHeadsEvent,
  NewPendingTransactionsEvent,
  SubscriptionOptions,
} from "./live-events.js";

/** A running subscription: an async iterator of its events. `break` or `unsubscribe()` stops it. */
export interface LiveSubscription<E> extends AsyncIterableIterator<E> {
  /** What it follows. */
  readonly kind: LiveKind;
  /** Events waiting for the consumer (at most `maxBuffered`, plus one fetched window while catching up). */
  readonly buffered: number;
  /** Stops it: the node subscription is cancelled and the iteration ends. */
  unsubscribe(): Promise<void>;
}

/** Callbacks of {@link EvmLiveMethods.watch}. */
export interface WatchHandlers<E> {
  /** Each event, in order; a returned promise is awaited before the next event (the consumer's pace). */
  onEvent(event: E): void | Promise<void>;
  /** The subscription ended with an error (or `onEvent` threw). */
  onError?(error: unknown): void;
}

/** What a client with `transport: "websocket"` adds: live subscriptions and `close`. */
export interface EvmLiveMethods {
  /**
   * Follows new blocks: a `head` event per block, in chain order, none missed or repeated across
   * reconnects (missed heads are fetched with `eth_getBlockByNumber`), and a `reorg` event when the
   * chain reorganises.
   *
   * @example
   * for await (const event of live.subscribe("newHeads")) {
   *   if (event.type === "head") console.log(event.head.number);
   * }
   */
  subscribe(kind: "newHeads", options?: HeadSubscriptionOptions): LiveSubscription<NewHeadsEvent>;
  /**
   * Follows logs that match `filter` (contract addresses, up to 4 topic positions), in chain order,
   * none missed or repeated across reconnects (missed logs are fetched with `eth_getLogs` in windows of
   * at most 50 blocks). On a reorganisation, logs of removed blocks come again with `removed: true`.
   *
   * @throws {RequestValidationError} (pointer `/params/1/…`) at once when the filter is invalid.
   * @example
   * const transferTopic = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
   * for await (const { log } of live.subscribe("logs", { address, topics: [transferTopic] })) console.log(log.data);
   */
  subscribe(
    kind: "logs",
    filter?: LogSubscriptionFilter,
    options?: ChainSubscriptionOptions,
  ): LiveSubscription<LogEvent>;
  /**
   * Follows transaction hashes entering the node's pool, where the node offers it. Hashes announced
   * while disconnected cannot be fetched again: a `gap` event says so.
   *
   * @example
   * for await (const event of live.subscribe("newPendingTransactions")) if (event.type === "pendingTransaction") console.log(event.hash);
   */
  subscribe(
    kind: "newPendingTransactions",
    options?: SubscriptionOptions,
  ): LiveSubscription<NewPendingTransactionsEvent>;
  /**
   * Like `subscribe`, with callbacks instead of an iterator.
   *
   * @returns A function that stops the subscription.
   * @example
   * const stop = live.watch("newHeads", { onEvent: (event) => console.log(event.type) });
   * await stop();
   */
  watch(
    kind: "newHeads",
    handlers: WatchHandlers<NewHeadsEvent> & HeadSubscriptionOptions,
  ): () => Promise<void>;
  watch(
    kind: "logs",
    filter: LogSubscriptionFilter,
    handlers: WatchHandlers<LogEvent> & ChainSubscriptionOptions,
  ): () => Promise<void>;
  watch(
    kind: "newPendingTransactions",
    handlers: WatchHandlers<NewPendingTransactionsEvent> & SubscriptionOptions,
  ): () => Promise<void>;
  /**
   * Ends every subscription (their iterations finish), fails calls still waiting with an `AbortError`,
   * closes the socket and stops every timer, so the process can exit. Idempotent.
   */
  close(): Promise<void>;
}
