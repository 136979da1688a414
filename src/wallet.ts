/**
 * `chainkit/wallet`: the TRON-style wallet node client and helpers for its encodings.
 */
export * from "../generated/wallet/index.js";
export type { NodeCredentials } from "./runtime/credentials/node-credentials.js";
export { nodeHttpEndpoint, nodeWebSocketEndpoint } from "./runtime/credentials/node-endpoints.js";
export { Secret } from "./runtime/credentials/secret.js";
export * from "./runtime/errors/index.js";
export { type ParseJsonOptions, parseJson } from "./runtime/json/parse-json.js";
export { stringifyJson } from "./runtime/json/stringify-json.js";
export { DEFAULT_MAX_RESPONSE_BYTES } from "./runtime/max-response-bytes.js";
export { isBase58Address, isHexAddress, toBase58Address, toHexAddress } from "./wallet/address.js";
export {
  type AssetIssueQuery,
  type AssetIssueSearchResult,
  createWalletClient,
  type WalletClient,
  type WalletClientOptions,
} from "./wallet/create-wallet-client.js";
export { WalletEncodingError } from "./wallet/errors/wallet-encoding-error.js";
export { hexToText, textToHex } from "./wallet/hex-text.js";
export { readableAssetIssue } from "./wallet/readable-asset.js";
