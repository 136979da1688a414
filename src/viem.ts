/**
 * `chainkit/viem`: viem on chainkit's transport (credentials, retries, batching, validation), and an
 * extension with verified proofs and receipts and HyperEVM's system transactions. Needs viem 2.
 */

export type { ProofErrorOptions } from "./evm/errors/proof-error.js";
export * from "./evm/errors/public/proof-error.js";
export * from "./runtime/errors/index.js";
export type { NodeClientOptions } from "./runtime/node-client-options.js";
export type {
  ChainkitActions,
  GetSystemTransactionsParameters,
  GetVerifiedProofParameters,
  GetVerifiedReceiptParameters,
  VerifiedReceipt,
} from "./viem/chainkit-actions.js";
export {
  type ChainkitTransport,
  type ChainkitTransportOptions,
  type ChainkitTransportValue,
  chainkitTransport,
} from "./viem/chainkit-transport.js";
export * from "./viem/public/chainkit-actions.js";
