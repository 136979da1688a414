/**
 * `chainkit/runtime`: what clients made by `chainkit generate` run on, for teams generating from
 * their own OpenAPI or OpenRPC spec: the REST caller and the JSON-RPC client (credentials, retries,
 * validation, lossless integers, secrets redacted), the auth helpers, the errors, and the types the
 * generated descriptors and validator modules are written against.
 */
export { type Auth, bearerAuth, noAuth } from "./runtime/credentials/auth.js";
export { Secret } from "./runtime/credentials/secret.js";
export * from "./runtime/errors/index.js";
export type { FetchFunction } from "./runtime/http/send-request.js";
export {
  createJsonRpcClient,
  type JsonRpcClient,
  type JsonRpcClientOptions,
} from "./runtime/json-rpc/create-json-rpc-client.js";
export { DEFAULT_MAX_RESPONSE_BYTES } from "./runtime/max-response-bytes.js";
export type * from "./runtime/operation.js";
export {
  createRestCaller,
  type HttpRestCaller,
  type RestCallerOptions,
  type RestCallOptions,
} from "./runtime/rest/create-rest-caller.js";
export { createStreamingRestCaller } from "./runtime/rest/stream-items/streaming-rest-caller.js";
export type {
  ValidationMode,
  ValidationViolation,
  ViolationHandler,
} from "./runtime/validation/validation-violation.js";
