/**
 * `chainkit/indexer`: the TON-style indexer (API v3) client, with an iterator that pages actions.
 */
export * from "../generated/indexer/index.js";
export {
  createIndexerClient,
  DEFAULT_ACTIONS_LIMIT,
  type IndexerClient,
  type IndexerClientOptions,
  type IndexerUsage,
} from "./indexer/create-indexer-client.js";
export { type ActionPagingOptions, MAX_PAGE_SIZE } from "./indexer/paginate-actions.js";
export type { NodeCredentials } from "./runtime/credentials/node-credentials.js";
export { nodeHttpEndpoint, nodeWebSocketEndpoint } from "./runtime/credentials/node-endpoints.js";
export { Secret } from "./runtime/credentials/secret.js";
export * from "./runtime/errors/index.js";
export { type ParseJsonOptions, parseJson } from "./runtime/json/parse-json.js";
export { stringifyJson } from "./runtime/json/stringify-json.js";
export { DEFAULT_MAX_RESPONSE_BYTES } from "./runtime/max-response-bytes.js";
