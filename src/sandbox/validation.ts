/**
 * The sandbox checks both directions of every exchange against our own specs, through the generated
 * descriptors: a bad request gets the real service's error form for its surface, and a response that
 * would not match the spec is a sandbox bug (thrown, so the core answers 500 and tests fail).
 *
 * The surfaces import these names from here; each concern is a file of its own under `contract/`.
 */
export {
  type BundledSpec,
  type JsonSchema,
  loadBundledSpec,
  type ParameterSpec,
} from "./contract/bundled-spec.js";
export { coerceQuery } from "./contract/coerce-query.js";
export { type RequestPart, type RestSurfaceName, refusal } from "./contract/refusals.js";
export {
  type ReadRequestResult,
  RestContract,
  type RestInput,
  type RestOperationHandler,
} from "./contract/rest-contract.js";
export { RpcContract, type RpcErrorObject } from "./contract/rpc-contract.js";
export { SandboxContractError } from "./contract/sandbox-contract-error.js";
