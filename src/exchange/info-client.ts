import { createExchangeOperations } from "../../generated/exchange/client.js";
import type {
  AllMids,
  CandleInterval,
  Candles,
  ClearinghouseState,
  Fill,
  FrontendOpenOrders,
  FundingHistory,
  HistoricalOrders,
  L2Book,
  LedgerUpdates,
  MaxBuilderFee,
  Meta,
  MetaAndAssetCtxs,
  OpenOrders,
  OrderStatusAnswer,
  Portfolio,
  SpotClearinghouseState,
  SpotMeta,
  SpotMetaAndAssetCtxs,
  SubAccounts,
  UserFees,
  UserFills,
  UserFunding,
  UserRateLimit,
} from "../../generated/exchange/types.js";
import { RequestValidationError } from "../runtime/errors/request-validation-error.js";
import type { RetryOptions } from "../runtime/http/retry-policy.js";
import type { FetchFunction } from "../runtime/http/send-request.js";
import type { CallOptions } from "../runtime/operation.js";
import { createRestCaller } from "../runtime/rest/create-rest-caller.js";
import type { UsageBudget, UsageMeter, UsageSnapshot } from "../runtime/usage/usage-meter.js";
import { type AssetDirectory, createAssetDirectory } from "./assets/asset-directory.js";
import { FILLS_PAGE_SIZE, walkFillsByTime } from "./fills-by-time.js";
import { rangeFields, type TimeRange } from "./time-range.js";

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
  /**
   * The assets coin arguments (`l2Book`, `candleSnapshot`, `fundingHistory`) are checked against
   * before sending, or `false` to send them unchecked. Default: `assets()`, read once.
   */
  assets?: AssetDirectory | false;
}

/** A client for the exchange's `POST /info` queries: no key, no signature. */
export interface InfoClient {
  /** The perpetual universe; an asset's index is its position in `universe`. */
  meta(options?: CallOptions): Promise<Meta>;
  /** The spot pairs (asset index 10000 + pair index) and tokens. */
  spotMeta(options?: CallOptions): Promise<SpotMeta>;
  /** The mid price of every coin, by name. */
  allMids(options?: CallOptions): Promise<AllMids>;
  /**
   * Up to 20 levels on each side of one coin's book (`"BTC"`, `"PURR/USDC"`, `"@107"`).
   *
   * @throws {RequestValidationError} at `/coin` for a coin the exchange does not list (names are
   *   case-sensitive), naming the closest ones: the service would answer an empty book.
   */
  l2Book(coin: string, options?: CallOptions): Promise<L2Book>;
  /** The perpetual universe with each asset's funding, open interest, mark, oracle and mid prices, in universe order. */
  metaAndAssetCtxs(options?: CallOptions & { dex?: string }): Promise<MetaAndAssetCtxs>;
  /** The spot pairs and tokens with each pair's mark and mid prices, volume and supply. */
  spotMetaAndAssetCtxs(options?: CallOptions): Promise<SpotMetaAndAssetCtxs>;
  /** Candles of one coin that start within the range, oldest first (the coin is checked as for `l2Book`). */
  candleSnapshot(
    coin: string,
    interval: CandleInterval,
    range: TimeRange,
    options?: CallOptions,
  ): Promise<Candles>;
  /** Hourly funding rates of one perpetual within the range, oldest first, at most 500 (the coin is checked as for `l2Book`). */
  fundingHistory(coin: string, range: TimeRange, options?: CallOptions): Promise<FundingHistory>;
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
  /** The user's spot balances: total, on hold for open orders, and entry notional per token. */
  spotClearinghouseState(user: string, options?: CallOptions): Promise<SpotClearinghouseState>;
  /** Funding the user paid or received within the range, oldest first, at most 500. */
  userFunding(user: string, range: TimeRange, options?: CallOptions): Promise<UserFunding>;
  /**
   * One page of the user's fills within the range: at most 2000, the range's earliest. To read a
   * whole range use {@link InfoClient.fillsByTime}.
   */
  userFillsByTime(
    user: string,
    range: TimeRange,
    options?: CallOptions & { aggregateByTime?: boolean },
  ): Promise<UserFills>;
  /**
   * Every fill of the user within the range, oldest first, each once: pages through
   * `userFillsByTime` until the range's end (the service keeps a user's 10000 most recent fills).
   *
   * @example
   * for await (const fill of info.fillsByTime(address, { startTime: Date.now() - 86_400_000 })) console.log(fill.coin, fill.px);
   */
  fillsByTime(
    user: string,
    range: TimeRange,
    options?: CallOptions & { aggregateByTime?: boolean; pageSize?: number },
  ): AsyncGenerator<Fill, void, undefined>;
  /** The user's most recent orders (at most 2000), open or closed, each with its latest status. */
  historicalOrders(user: string, options?: CallOptions): Promise<HistoricalOrders>;
  /** The user's fee rates, daily volume and the fee schedule. */
  userFees(user: string, options?: CallOptions): Promise<UserFees>;
  /** The user's `/exchange` requests used and allowed, and volume traded. */
  userRateLimit(user: string, options?: CallOptions): Promise<UserRateLimit>;
  /** The most the builder may add to the user's orders, in tenths of a basis point (0 when not approved). */
  maxBuilderFee(user: string, builder: string, options?: CallOptions): Promise<MaxBuilderFee>;
  /** The user's sub-accounts with their margin and spot balances, or null when none. */
  subAccounts(user: string, options?: CallOptions): Promise<SubAccounts>;
  /** The user's account value and profit history per period, and the volume of each. */
  portfolio(user: string, options?: CallOptions): Promise<Portfolio>;
  /** Deposits, withdrawals and transfers of the user within the range, oldest first. */
  userNonFundingLedgerUpdates(user: string, range: TimeRange, options?: CallOptions): Promise<LedgerUpdates>;
  /**
   * The asset lookup built on `meta` and `spotMeta`, read once and kept (a failed read is tried again
   * on the next call).
   */
  assets(options?: CallOptions): Promise<AssetDirectory>;
  /** Requests sent so far (retries included). */
  usage(): UsageSnapshot;
}

/**
 * Creates a client for the exchange's queries: asset universe and contexts, prices, books, candles
 * and funding, and a user's orders, fills, balances, funding, fees, rate limit, sub-accounts,
 * portfolio and ledger. Every query is checked before it is sent (coins against the exchange's own
 * names) and every answer against the spec; queries are retried after transient failures.
 *
 * @param options - `baseUrl`, and optional `fetch`, `timeout`, `retry`, `budget` or `meter`, `validateResponse`, `assets`.
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

  function assets(call?: CallOptions): Promise<AssetDirectory> {
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
  }

  /** Refuses a coin the exchange does not list, before the query is sent. */
  async function checkCoin(operation: string, coin: string, pointer: string, call?: CallOptions) {
    if (options.assets === false) return;
    const known = options.assets ?? (await assets(call && { signal: call.signal }));
    // The check and its suggestions load with the first coin query.
    const { coinIssue } = await import("./assets/coin-check.js");
    const issue = coinIssue(coin, pointer, known);
    if (issue) throw new RequestValidationError(operation, [issue]);
  }

  async function userFillsByTime(
    user: string,
    span: TimeRange,
    call: CallOptions & { aggregateByTime?: boolean } = {},
  ): Promise<UserFills> {
    const { aggregateByTime, ...rest } = call;
    return operations.userFillsByTime(
      {
        type: "userFillsByTime",
        user,
        ...rangeFields("userFillsByTime", span),
        ...(aggregateByTime !== undefined && { aggregateByTime }),
      },
      rest,
    );
  }

  return {
    meta: (call) => operations.meta({ type: "meta" }, call),
    spotMeta: (call) => operations.spotMeta({ type: "spotMeta" }, call),
    allMids: (call) => operations.allMids({ type: "allMids" }, call),
    async l2Book(coin, call) {
      await checkCoin("l2Book", coin, "/coin", call);
      return operations.l2Book({ type: "l2Book", coin }, call);
    },
    metaAndAssetCtxs: (call = {}) => {
      const { dex, ...rest } = call;
      return operations.metaAndAssetCtxs(
        { type: "metaAndAssetCtxs", ...(dex !== undefined && { dex }) },
        rest,
      );
    },
    spotMetaAndAssetCtxs: (call) => operations.spotMetaAndAssetCtxs({ type: "spotMetaAndAssetCtxs" }, call),
    async candleSnapshot(coin, interval, span, call) {
      await checkCoin("candleSnapshot", coin, "/req/coin", call);
      return operations.candleSnapshot(
        { type: "candleSnapshot", req: { coin, interval, ...rangeFields("candleSnapshot", span, "/req") } },
        call,
      );
    },
    async fundingHistory(coin, span, call) {
      await checkCoin("fundingHistory", coin, "/coin", call);
      const fields = rangeFields("fundingHistory", span);
      return operations.fundingHistory({ type: "fundingHistory", coin, ...fields }, call);
    },
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
    spotClearinghouseState: (user, call) =>
      operations.spotClearinghouseState({ type: "spotClearinghouseState", user }, call),
    userFunding: async (user, span, call) =>
      operations.userFunding({ type: "userFunding", user, ...rangeFields("userFunding", span) }, call),
    userFillsByTime,
    fillsByTime(user, span, call = {}) {
      const { pageSize = FILLS_PAGE_SIZE, ...rest } = call;
      rangeFields("userFillsByTime", span); // a range in seconds is refused before the walk starts
      return walkFillsByTime({
        startTime: span.startTime,
        endTime: span.endTime,
        pageSize,
        page: (startTime, endTime) => userFillsByTime(user, { startTime, endTime }, rest),
      });
    },
    historicalOrders: (user, call) => operations.historicalOrders({ type: "historicalOrders", user }, call),
    userFees: (user, call) => operations.userFees({ type: "userFees", user }, call),
    userRateLimit: (user, call) => operations.userRateLimit({ type: "userRateLimit", user }, call),
    maxBuilderFee: (user, builder, call) =>
      operations.maxBuilderFee({ type: "maxBuilderFee", user, builder }, call),
    subAccounts: (user, call) => operations.subAccounts({ type: "subAccounts", user }, call),
    portfolio: (user, call) => operations.portfolio({ type: "portfolio", user }, call),
    userNonFundingLedgerUpdates: async (user, span, call) =>
      operations.userNonFundingLedgerUpdates(
        { type: "userNonFundingLedgerUpdates", user, ...rangeFields("userNonFundingLedgerUpdates", span) },
        call,
      ),
    assets,
    usage: () => caller.usage(),
  };
}
