/**
 * `chainkit/indexer`: the TON-style indexer (API v3) client: every endpoint users read, an iterator
 * per list that pages for you, and TON addresses in every form.
 */
export * from "../generated/indexer/index.js";
export { toFriendlyAddress, toRawAddress } from "./indexer/address/format-ton-address.js";
export { isTonAddress, parseTonAddress } from "./indexer/address/parse-ton-address.js";
export { sameTonAddress } from "./indexer/address/same-ton-address.js";
export type {
  FriendlyAddressOptions,
  ParsedTonAddress,
  TonAddress,
  TonAddressForm,
} from "./indexer/address/ton-address.js";
export { userFriendlyAddress } from "./indexer/address/user-friendly-address.js";
export {
  createIndexerClient,
  type IndexerClient,
  type IndexerClientOptions,
  type IndexerUsage,
} from "./indexer/create-indexer-client.js";
export { GetMethodError, type GetMethodOutcome } from "./indexer/errors/get-method-error.js";
export { TonAddressError } from "./indexer/errors/ton-address-error.js";
export { DEFAULT_ACTIONS_LIMIT } from "./indexer/indexer-caller.js";
export type { IndexerListIterators, PagedOperationId } from "./indexer/list-iterators.js";
export type { PagingOptions } from "./indexer/paginate-list.js";
export { isSuccessfulExit, tvmExitCodeMeaning } from "./indexer/tvm-exit-codes.js";
export type { NodeCredentials } from "./runtime/credentials/node-credentials.js";
export { nodeHttpEndpoint, nodeWebSocketEndpoint } from "./runtime/credentials/node-endpoints.js";
export { Secret } from "./runtime/credentials/secret.js";
export * from "./runtime/errors/index.js";
export { type ParseJsonOptions, parseJson } from "./runtime/json/parse-json.js";
export { stringifyJson } from "./runtime/json/stringify-json.js";
export { DEFAULT_MAX_RESPONSE_BYTES } from "./runtime/max-response-bytes.js";
export type { NodeClientOptions } from "./runtime/node-client-options.js";
