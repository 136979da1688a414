/**
 * `chainkit/indexer`: the TON-style indexer (API v3) client: every endpoint users read, an iterator
 * per list that pages for you, and TON addresses in every form.
 */
export * from "../generated/indexer/index.js";
export * from "./indexer/address/public/format-ton-address.js";
export * from "./indexer/address/public/parse-ton-address.js";
export * from "./indexer/address/public/same-ton-address.js";
export * from "./indexer/address/public/user-friendly-address.js";
export type {
  FriendlyAddressOptions,
  ParsedTonAddress,
  TonAddress,
  TonAddressForm,
} from "./indexer/address/ton-address.js";
export {
  createIndexerClient,
  type IndexerClient,
  type IndexerClientOptions,
  type IndexerUsage,
} from "./indexer/create-indexer-client.js";
export type { GetMethodOutcome } from "./indexer/errors/get-method-error.js";
export * from "./indexer/errors/public/get-method-error.js";
export * from "./indexer/errors/public/ton-address-error.js";
export type { IndexerListIterators, PagedOperationId } from "./indexer/list-iterators.js";
export type { PagingOptions } from "./indexer/paginate-list.js";
export * from "./indexer/public/indexer-caller.js";
export * from "./indexer/public/tvm-exit-codes.js";
export type { NodeCredentials } from "./runtime/credentials/node-credentials.js";
export * from "./runtime/credentials/public/node-endpoints.js";
export * from "./runtime/credentials/public/secret.js";
export * from "./runtime/errors/index.js";
export type { ParseJsonOptions } from "./runtime/json/parse-json.js";
export * from "./runtime/json/public/parse-json.js";
export * from "./runtime/json/public/stringify-json.js";
export type { NodeClientOptions } from "./runtime/node-client-options.js";
export * from "./runtime/public/max-response-bytes.js";
