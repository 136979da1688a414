import { createExchangeOperations } from "../../generated/exchange/client.js";
import type {
  AllMids,
  ClearinghouseState,
  FrontendOpenOrders,
  L2Book,
  Meta,
  OpenOrders,
  OrderStatusAnswer,
  SpotMeta,
  UserFills,
} from "../../generated/exchange/types.js";
import type { RetryOptions } from "../runtime/http/retry-policy.js";
import type { FetchFunction } from "../runtime/http/send-request.js";
import type { CallOptions } from "../runtime/operation.js";
import { createRestCaller } from "../runtime/rest/create-rest-caller.js";
import type { UsageBudget, UsageMeter, UsageSnapshot } from "../runtime/usage/usage-meter.js";
import { type AssetDirectory, createAssetDirectory } from "./assets/asset-directory.js";

/** Options of {@link createInfoClient}. */
export interface InfoClientOptions {
  /** The exchange API base URL (queries go to `{baseUrl}/info`); https, or http to loopback. */
  baseUrl: string;
  /** The `fetch` to use (default: the global one). */
  fetch?: FetchFunction;
  /** Milliseconds per attempt (default 30 000). */
  timeout?: number;
  /** Retries of a query after a network failure, 429 or 502/503/504 (queries are safe to repeat), or `false`. */
  retry?: RetryOptions | false;
  /** Pace requests under this budget (one unit per query). */
  budget?: UsageBudget;
  /** A usage meter to share with other clients of the same account (overrides `budget`). */
  meter?: UsageMeter;
  /** Check answers against the spec (default `true`). */
  validateResponse?: boolean;
  /** The most bytes of one answer to read, past which the call fails with `ResponseTooLargeError` (default 64 MiB; `Infinity`: none). */
  maxResponseBytes?: number;
}

/** A client for the exchange's `POST /info` queries: no key, no signature. */
export interface InfoClient {
  /** The perpetual universe; an asset's index is its position in `universe`. */
  meta(options?: CallOptions): Promise<Meta>;
  /** The spot pairs (asset index 10000 + pair index) and tokens. */
  spotMeta(options?: CallOptions): Promise<SpotMeta>;
  /** The mid price of every coin, by name. */
  allMids(options?: CallOptions): Promise<AllMids>;
  /** Up to 20 levels on each side of one coin's book (`"BTC"`, `"PURR/USDC"`, `"@107"`). */
  l2Book(coin: string, options?: CallOptions): Promise<L2Book>;
  /** The user's open orders, newest first. */
  openOrders(user: string, options?: CallOptions): Promise<OpenOrders>;
  /** The user's open orders with their types, triggers and children. */
  frontendOpenOrders(user: string, options?: CallOptions): Promise<FrontendOpenOrders>;
  /** One of the user's orders, by order id or cloid, and its status; `{ status: "unknownOid" }` if none. */
  orderStatus(user: string, oid: number | string, options?: CallOptions): Promise<OrderStatusAnswer>;
  /** The user's most recent fills, newest first. */
  userFills(user: string, options?: CallOptions & { aggregateByTime?: boolean }): Promise<UserFills>;
  /** The user's perpetual positions and margin. */
  clearinghouseState(user: string, options?: CallOptions): Promise<ClearinghouseState>;
  /**
   * The asset lookup built on `meta` and `spotMeta`, read once and kept (a failed read is tried again
   * on the next call).
   */
  assets(options?: CallOptions): Promise<AssetDirectory>;
  /** Requests sent so far (retries included). */
  usage(): UsageSnapshot;
}

/**
 * Creates a client for the exchange's queries: asset universe, prices and books, and a user's open
 * orders, order status, fills and margin. Every query is checked before it is sent and every answer
 * against the spec; queries are retried after transient failures.
 *
 * @param options - `baseUrl`, and optional `fetch`, `timeout`, `retry`, `budget` or `meter`, `validateResponse`.
 * @returns The client.
 * @throws {ConfigurationError} for an insecure URL or malformed options.
 * @example
 * const info = createInfoClient({ baseUrl: "https://api.hyperliquid.xyz" });
 * const assets = await info.assets();
 * const book = await info.l2Book("BTC");
 * const open = await info.openOrders("0x5e9ee1089755c3435139848e47e6635505d5a13a");
 */
export function createInfoClient(options: InfoClientOptions): InfoClient {
  const caller = createRestCaller({
    baseUrl: options.baseUrl,
    fetch: options.fetch,
    timeout: options.timeout,
    maxResponseBytes: options.maxResponseBytes,
    retry: options.retry,
    usage: options.meter ? { meter: options.meter } : { budget: options.budget },
    validateResponse: options.validateResponse,
  });
  const operations = createExchangeOperations(caller);
  let directory: Promise<AssetDirectory> | undefined;

  return {
    meta: (call) => operations.meta({ type: "meta" }, call),
    spotMeta: (call) => operations.spotMeta({ type: "spotMeta" }, call),
    allMids: (call) => operations.allMids({ type: "allMids" }, call),
    l2Book: (coin, call) => operations.l2Book({ type: "l2Book", coin }, call),
    openOrders: (user, call) => operations.openOrders({ type: "openOrders", user }, call),
    frontendOpenOrders: (user, call) =>
      operations.frontendOpenOrders({ type: "frontendOpenOrders", user }, call),
    orderStatus: (user, oid, call) => operations.orderStatus({ type: "orderStatus", user, oid }, call),
    userFills: (user, call = {}) => {
      const { aggregateByTime, ...rest } = call;
      return operations.userFills(
        { type: "userFills", user, ...(aggregateByTime !== undefined && { aggregateByTime }) },
        rest,
      );
    },
    clearinghouseState: (user, call) =>
      operations.clearinghouseState({ type: "clearinghouseState", user }, call),
    assets(call) {
      directory ??= Promise.all([
        operations.meta({ type: "meta" }, call),
        operations.spotMeta({ type: "spotMeta" }, call),
      ])
        .then(([meta, spotMeta]) => createAssetDirectory(meta, spotMeta))
        .catch((error: unknown) => {
          directory = undefined;
          throw error;
        });
      return directory;
    },
    usage: () => caller.usage(),
  };
}
