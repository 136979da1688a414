/**
 * `chainkit/wallet`: the TRON-style wallet node client (reads, checked transfers, TRC-20 reads) and
 * helpers for its encodings.
 */
export * from "../generated/wallet/index.js";
export type { NodeCredentials } from "./runtime/credentials/node-credentials.js";
export { nodeHttpEndpoint, nodeWebSocketEndpoint } from "./runtime/credentials/node-endpoints.js";
export { Secret } from "./runtime/credentials/secret.js";
export * from "./runtime/errors/index.js";
export { type ParseJsonOptions, parseJson } from "./runtime/json/parse-json.js";
export { stringifyJson } from "./runtime/json/stringify-json.js";
export { DEFAULT_MAX_RESPONSE_BYTES } from "./runtime/max-response-bytes.js";
export type { NodeClientOptions } from "./runtime/node-client-options.js";
export type { UsageBudget, UsageSnapshot } from "./runtime/usage/usage-meter.js";
export { isBase58Address, isHexAddress, toBase58Address, toHexAddress } from "./wallet/address.js";
export {
  createWalletClient,
  type WalletClient,
  type WalletClientOptions,
  type WalletReadOptions,
} from "./wallet/create-wallet-client.js";
export { BroadcastError } from "./wallet/errors/broadcast-error.js";
export { ChainReorgError } from "./wallet/errors/chain-reorg-error.js";
export { ContractCallError } from "./wallet/errors/contract-call-error.js";
export { ContractRevertError } from "./wallet/errors/contract-revert-error.js";
export type { RefusalReason } from "./wallet/errors/refusal-reason.js";
export { TransactionFailedError } from "./wallet/errors/transaction-failed-error.js";
export { TransactionMismatchError } from "./wallet/errors/transaction-mismatch-error.js";
export { TransactionWaitTimeoutError } from "./wallet/errors/transaction-wait-timeout-error.js";
export { WalletEncodingError } from "./wallet/errors/wallet-encoding-error.js";
export { WalletSignerError } from "./wallet/errors/wallet-signer-error.js";
export { DEFAULT_FEE_LIMIT, DEFAULT_MAX_FEE_LIMIT } from "./wallet/fee-limits.js";
export type { FeeEstimate, FeeRequest } from "./wallet/fees/estimate-fee.js";
export * from "./wallet/fees/public/transaction-size.js";
export { hexToText, nodeMessage, textToHex } from "./wallet/hex-text.js";
export { readableAssetIssue } from "./wallet/readable-asset.js";
export { convertAddress } from "./wallet/request-address.js";
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
