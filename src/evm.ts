/**
 * `chainkit/evm`: the EVM node JSON-RPC client, proof and hash verification, and node endpoints.
 */
export * from "../generated/evm/index.js";
export type { EvmBatchCall, EvmBatchOutcome, EvmBatchOutcomes } from "./evm/client/batch-types.js";
export {
  createEvmClient,
  type EvmClient,
  type EvmClientOptions,
  type EvmHttpClient,
  type EvmLiveClient,
  type EvmVerifiedProofOptions,
  type EvmVerifiedReceiptOptions,
  type UnvalidatedRequestOptions,
} from "./evm/client/create-evm-client.js";
export type {
  EvmHttpLiveMethods,
  SubscribeNeedsWebsocket,
  WatchNeedsWebsocket,
} from "./evm/client/live-methods-over-http.js";
export type { Contract, ContractReadOptions, ContractWriteOverrides } from "./evm/contract/contract.js";
export type {
  FunctionArgs,
  FunctionResult,
  ReadFunctionName,
  WriteFunctionName,
} from "./evm/contract/contract-types.js";
export type { Erc20 } from "./evm/contract/erc20.js";
export * from "./evm/contract/public/contract.js";
export * from "./evm/contract/public/erc20.js";
export type { ProofErrorOptions } from "./evm/errors/proof-error.js";
export * from "./evm/errors/public/call-reverted-error.js";
export * from "./evm/errors/public/chain-mismatch-error.js";
export * from "./evm/errors/public/evm-signer-error.js";
export * from "./evm/errors/public/fee-ceiling-error.js";
export * from "./evm/errors/public/proof-error.js";
export * from "./evm/errors/public/subscription-error.js";
export * from "./evm/errors/public/transaction-hash-mismatch-error.js";
export * from "./evm/errors/public/transaction-reverted-error.js";
export type { SubscriptionErrorReason } from "./evm/errors/subscription-error.js";
export type { LiveConnectionOptions } from "./evm/live/live-connection.js";
export type * from "./evm/live/live-events.js";
export type { EvmLiveMethods, LiveSubscription, WatchHandlers } from "./evm/live/live-methods.js";
export type { LogRange } from "./evm/logs/walk-logs.js";
export * from "./evm/public/limits.js";
export * from "./evm/public/quantity.js";
export type { RevertReason } from "./evm/revert/revert-reason.js";
export type {
  EvmAccessListEntry,
  EvmSigner,
  EvmTransactionToSign,
  EvmTypedData,
  Hex,
} from "./evm/signer/evm-signer.js";
export type { EvmPrivateKeySigner } from "./evm/signer/private-key-signer.js";
export * from "./evm/signer/public/private-key-signer.js";
export * from "./evm/verify/index.js";
export type { BlockKind } from "./evm/write/block-kinds.js";
export type { EvmTransactionRequest } from "./evm/write/transaction-request.js";
export type { SendTransactionOptions } from "./evm/write/transaction-writer.js";
export type { WaitForReceiptOptions } from "./evm/write/wait-for-receipt.js";
export type { NodeCredentials } from "./runtime/credentials/node-credentials.js";
export * from "./runtime/credentials/public/node-endpoints.js";
export * from "./runtime/credentials/public/secret.js";
export * from "./runtime/errors/index.js";
export type { NodeClientOptions } from "./runtime/node-client-options.js";
export * from "./runtime/public/max-response-bytes.js";
export type { KeepAliveOptions } from "./runtime/websocket/keep-alive-policy.js";
export type { ReconnectOptions } from "./runtime/websocket/reconnect-policy.js";
export type { WebSocketConstructor, WebSocketLike } from "./runtime/websocket/websocket-like.js";
