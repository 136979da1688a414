/**
 * `chainkit/platform`: the platform API client and helpers to reach the nodes it manages.
 */
export { NodeAccessError } from "./platform/errors/node-access-error.js";
export {
  type NodeAccess,
  type NodeAccessCredentials,
  type NodeAccessOptions,
  type NodeWithDetails,
  nodeAccess,
} from "./platform/node-access.js";
