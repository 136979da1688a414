/**
 * `chainkit/evm`: the EVM node JSON-RPC client, proof and hash verification, and node endpoints.
 */
export * from "../generated/evm/index.js";
export type { EvmBatchCall, EvmBatchOutcome, EvmBatchOutcomes } from "./evm/client/batch-types.js";
export {
  createEvmClient,
  type EvmClient,
  type EvmClientOptions,
  type EvmLiveClient,
  type EvmVerifiedProofOptions,
  type EvmVerifiedReceiptOptions,
  type UnvalidatedRequestOptions,
} from "./evm/client/create-evm-client.js";
export { ProofError, type ProofErrorOptions } from "./evm/errors/proof-error.js";
export { SubscriptionError, type SubscriptionErrorReason } from "./evm/errors/subscription-error.js";
export type { LiveConnectionOptions } from "./evm/live/live-connection.js";
export type * from "./evm/live/live-events.js";
export type { EvmLiveMethods, LiveSubscription, WatchHandlers } from "./evm/live/live-methods.js";
export * from "./evm/verify/index.js";
export type { NodeCredentials } from "./runtime/credentials/node-credentials.js";
export { nodeHttpEndpoint, nodeWebSocketEndpoint } from "./runtime/credentials/node-endpoints.js";
export { Secret } from "./runtime/credentials/secret.js";
export * from "./runtime/errors/index.js";
export { DEFAULT_MAX_RESPONSE_BYTES } from "./runtime/max-response-bytes.js";
export type { KeepAliveOptions } from "./runtime/websocket/keep-alive-policy.js";
export type { ReconnectOptions } from "./runtime/websocket/reconnect-policy.js";
export type { WebSocketConstructor, WebSocketLike } from "./runtime/websocket/websocket-like.js";
