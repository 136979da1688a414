/**
 * `chainkit/platform`: the platform API client and helpers to reach the nodes it manages.
 */
export * from "../generated/platform/index.js";
export {
  type CreateNodeInput,
  type CreateNodeOptions,
  createPlatformClient,
  PLATFORM_BASE_URL,
  type PlatformClient,
  type PlatformClientOptions,
} from "./platform/create-platform-client.js";
export * from "./platform/errors/public/node-access-error.js";
export * from "./platform/errors/public/node-failed-error.js";
export * from "./platform/errors/public/node-wait-timeout-error.js";
export type { PlatformListIterators } from "./platform/list-iterators.js";
export type {
  NodeAccess,
  NodeAccessCredentials,
  NodeAccessOptions,
  NodeWithDetails,
} from "./platform/node-access.js";
export * from "./platform/public/node-access.js";
export * from "./platform/public/node-statuses.js";
export type { NodeWithStatus, WaitForNodeOptions } from "./platform/wait-for-node.js";
export type { NodeCredentials } from "./runtime/credentials/node-credentials.js";
export * from "./runtime/credentials/public/node-endpoints.js";
export * from "./runtime/credentials/public/secret.js";
export * from "./runtime/errors/index.js";
export type { ParseJsonOptions } from "./runtime/json/parse-json.js";
export * from "./runtime/json/public/parse-json.js";
export * from "./runtime/json/public/stringify-json.js";
export type { PageNumberOptions } from "./runtime/paging/page-number-pages.js";
export * from "./runtime/public/max-response-bytes.js";
