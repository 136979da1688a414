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
export { NodeAccessError } from "./platform/errors/node-access-error.js";
export { NodeFailedError } from "./platform/errors/node-failed-error.js";
export { NodeWaitTimeoutError } from "./platform/errors/node-wait-timeout-error.js";
export type { PlatformListIterators } from "./platform/list-iterators.js";
export {
  type NodeAccess,
  type NodeAccessCredentials,
  type NodeAccessOptions,
  type NodeWithDetails,
  nodeAccess,
} from "./platform/node-access.js";
export { isNodeStatus, NODE_STATUSES } from "./platform/node-statuses.js";
export type { NodeWithStatus, WaitForNodeOptions } from "./platform/wait-for-node.js";
export type { NodeCredentials } from "./runtime/credentials/node-credentials.js";
export { nodeHttpEndpoint, nodeWebSocketEndpoint } from "./runtime/credentials/node-endpoints.js";
export { Secret } from "./runtime/credentials/secret.js";
export * from "./runtime/errors/index.js";
export { type ParseJsonOptions, parseJson } from "./runtime/json/parse-json.js";
export { stringifyJson } from "./runtime/json/stringify-json.js";
export { DEFAULT_MAX_RESPONSE_BYTES } from "./runtime/max-response-bytes.js";
export type { PageNumberOptions } from "./runtime/paging/page-number-pages.js";
