/**
 * The surface-agnostic runtime: credentials, transport, retries, lossless JSON, JSON-RPC, usage and
 * errors. Public entries (`src/<surface>.ts`) and generated clients build on these.
 */
export { type Auth, basicAuthorization, bearerAuth, joinUrl, noAuth, nodeAuth } from "./credentials/auth.js";
export {
  type CheckedNodeCredentials,
  checkNodeCredentials,
  type NodeCredentials,
} from "./credentials/node-credentials.js";
export {
  type NodeEndpoint,
  type NodeEndpointOptions,
  nodeHttpEndpoint,
  nodeWebSocketEndpoint,
} from "./credentials/node-endpoints.js";
export { redactText, redactUrl, scrubError } from "./credentials/redact.js";
export { Secret, type SecretInput, toSecret } from "./credentials/secret.js";
export { isLoopbackHost, requireSecureUrl } from "./credentials/secure-url.js";
export * from "./errors/index.js";
export { parseRetryAfter, parseTryAgainIn } from "./http/retry-after.js";
export {
  isRetryable,
  nextRetryDelay,
  type RetryOptions,
  type RetryPolicy,
  resolveRetryPolicy,
} from "./http/retry-policy.js";
export {
  DEFAULT_TIMEOUT,
  type FetchFunction,
  type HttpRequest,
  type HttpResponse,
  type SendOptions,
  sendHttpRequest,
} from "./http/send-request.js";
export { parseServiceError } from "./http/service-error.js";
export { sleep } from "./http/sleep.js";
export { withRetries } from "./http/with-retries.js";
export { convertInt64 } from "./json/convert-int64.js";
export { parseJson } from "./json/parse-json.js";
export { stringifyJson } from "./json/stringify-json.js";
export {
  type BatchOptions,
  createJsonRpcClient,
  type JsonRpcClient,
  type JsonRpcClientOptions,
  type RpcBatchCall,
} from "./json-rpc/create-json-rpc-client.js";
export { RATE_LIMIT_CODE, type RpcOutcome } from "./json-rpc/read-rpc-response.js";
export type * from "./operation.js";
export {
  createRestCaller,
  type HttpRestCaller,
  type RestCallerOptions,
  type RestCallOptions,
} from "./rest/create-rest-caller.js";
export {
  createUsageMeter,
  type UsageBudget,
  type UsageMeter,
  type UsageOptions,
  type UsageSnapshot,
} from "./usage/usage-meter.js";
