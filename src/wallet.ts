/**
 * `chainkit/wallet`: the TRON-style wallet node client (reads, checked transfers, TRC-20 reads) and
 * helpers for its encodings.
 */
export * from "../generated/wallet/index.js";
export type { NodeCredentials } from "./runtime/credentials/node-credentials.js";
export * from "./runtime/credentials/public/node-endpoints.js";
export * from "./runtime/credentials/public/secret.js";
export * from "./runtime/errors/index.js";
export type { ParseJsonOptions } from "./runtime/json/parse-json.js";
export * from "./runtime/json/public/parse-json.js";
export * from "./runtime/json/public/stringify-json.js";
export type { NodeClientOptions } from "./runtime/node-client-options.js";
export * from "./runtime/public/max-response-bytes.js";
export type { UsageBudget, UsageSnapshot } from "./runtime/usage/usage-meter.js";
export {
  createWalletClient,
  type WalletClient,
  type WalletClientOptions,
  type WalletReadOptions,
} from "./wallet/create-wallet-client.js";
export * from "./wallet/errors/public/broadcast-error.js";
export * from "./wallet/errors/public/chain-reorg-error.js";
export * from "./wallet/errors/public/contract-call-error.js";
export * from "./wallet/errors/public/contract-revert-error.js";
export * from "./wallet/errors/public/transaction-failed-error.js";
export * from "./wallet/errors/public/transaction-mismatch-error.js";
export * from "./wallet/errors/public/transaction-wait-timeout-error.js";
export * from "./wallet/errors/public/wallet-encoding-error.js";
export * from "./wallet/errors/public/wallet-signer-error.js";
export type { RefusalReason } from "./wallet/errors/refusal-reason.js";
export type { FeeEstimate, FeeRequest } from "./wallet/fees/estimate-fee.js";
export * from "./wallet/fees/public/transaction-size.js";
export * from "./wallet/public/address.js";
export * from "./wallet/public/fee-limits.js";
export * from "./wallet/public/hex-text.js";
export * from "./wallet/public/readable-asset.js";
export * from "./wallet/public/request-address.js";
export type {
  DelegateRequest,
  Delegation,
  StakeAmount,
  StakeResource,
  StakeWrites,
} from "./wallet/stake/stake-writes.js";
export type { ResourceCode } from "./wallet/transaction/expected-transaction.js";
export * from "./wallet/transaction/index.js";
export type { Trc20Contract, Trc20Reads } from "./wallet/trc20/trc20-contract.js";
export type { Trc20WriteOptions, Trc20WriteResult } from "./wallet/trc20/trc20-writes.js";
export type {
  AccountQuery,
  AssetIssueQuery,
  AssetIssueSearchResult,
  AssetPageQuery,
  BlockNumQuery,
  BlockQuery,
  CanWithdrawQuery,
  ConstantCallQuery,
  ContractQuery,
  CreateTransactionQuery,
  DelegationQuery,
  EnergyQuery,
  TransferAssetQuery,
  TriggerSmartContractQuery,
  ValueQuery,
  VisibleQuery,
} from "./wallet/wallet-queries.js";
export type { Payment } from "./wallet/watch/block-payments.js";
export type { WatchPaymentsOptions } from "./wallet/watch/watch-payments.js";
