/**
 * `chainkit/exchange`: a signed-action client (perpetual and spot orders, cancels, modifications,
 * TWAPs, leverage, API wallets, transfers, sub-accounts), a query client for `/info` (market data
 * and account history), the live WebSocket feed (`createExchangeFeed`), asset and price helpers, and
 * the EIP-712 signing they use.
 */

export type {
  AllMids,
  CancelStatus,
  Candle,
  CandleInterval,
  Candles,
  ClearinghouseState,
  ErrorStatus,
  Fill,
  FilledStatus,
  FrontendOrder,
  FundingHistory,
  HistoricalOrders,
  L2Book,
  LedgerUpdate,
  LedgerUpdates,
  Meta,
  MetaAndAssetCtxs,
  OpenOrder,
  OrderStatusAnswer,
  PlacementStatus,
  Portfolio,
  RestingStatus,
  SpotBalance,
  SpotClearinghouseState,
  SpotMeta,
  SpotMetaAndAssetCtxs,
  SubAccount,
  SubAccounts,
  UserFees,
  UserFunding,
  UserRateLimit,
  WaitingStatus,
  WsActiveAssetCtx,
  WsAllMids,
  WsBbo,
  WsOrderUpdate,
  WsOrderUpdates,
  WsTrade,
  WsTrades,
  WsUserEvent,
  WsUserFills,
  WsUserFundings,
  WsUserNonFundingLedgerUpdates,
} from "../generated/exchange/types.js";
export type {
  BuilderInput,
  CancelByCloidInput,
  CancelInput,
  DecimalInput,
  ModifyInput,
  OrderInput,
} from "./exchange/action-inputs.js";
export type {
  ActionOptions,
  ActionOutcome,
  CancelOutcome,
  ModifyOptions,
  OrderOptions,
  PlacementOutcome,
  ReplaceOutcome,
  SubAccountOutcome,
  TwapCancelOutcome,
  TwapOutcome,
  UserActionOptions,
} from "./exchange/action-options.js";
export type { AssetDirectory, AssetInfo } from "./exchange/assets/asset-directory.js";
export type { PriceRulesAsset } from "./exchange/assets/price-rules.js";
export { createExchangeClient, type ExchangeClient, type ExchangeClientOptions } from "./exchange/client.js";
export { ExchangeError, type ExchangeErrorOptions } from "./exchange/errors/exchange-error.js";
export { createExchangeFeed } from "./exchange/feed/create-exchange-feed.js";
export { FeedOverflowError } from "./exchange/feed/feed-overflow-error.js";
export type {
  ExchangeFeed,
  ExchangeFeedOptions,
  FeedData,
  FeedHandlers,
  FeedRequest,
  FeedSubscribeOptions,
  FeedSubscription,
  FeedType,
} from "./exchange/feed/feed-types.js";
export type { InfoClient, InfoClientOptions } from "./exchange/info-client.js";
export { createNonceManager, type NonceManager, nonceManagerFor } from "./exchange/nonce-manager.js";
export {
  type NoncePartition,
  type NonceSource,
  partitionedNonces,
  timeNonces,
} from "./exchange/nonce-source.js";
export * from "./exchange/public/action-inputs.js";
export * from "./exchange/public/asset-directory.js";
export * from "./exchange/public/info-client.js";
export * from "./exchange/public/price-rules.js";
export type {
  BatchModifyAction,
  CancelAction,
  CancelByCloidAction,
  L1Action,
  LimitOrderType,
  ModifyAction,
  ModifyWire,
  OrderAction,
  OrderRef,
  OrderWire,
  OtherAction,
  ScheduleCancelAction,
  Tif,
  TriggerOrderType,
  UpdateIsolatedMarginAction,
  UpdateLeverageAction,
} from "./exchange/signing/action-types.js";
export type { Cloid } from "./exchange/signing/cloid.js";
export * from "./exchange/signing/index.js";
export * from "./exchange/signing/public/decimal.js";
export {
  type EthersTypedDataSigner,
  type PrivateKeySigner,
  privateKeySigner,
  type Signer,
  type TypedDataSigner,
} from "./exchange/signing/signer.js";
export type { TimeRange } from "./exchange/time-range.js";
export * from "./runtime/errors/index.js";
export { DEFAULT_MAX_RESPONSE_BYTES } from "./runtime/max-response-bytes.js";
export type { UsageBudget, UsageMeter, UsageSnapshot } from "./runtime/usage/usage-meter.js";
