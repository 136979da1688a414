/**
 * `chainkit/grpc`: node credentials for `@grpc/grpc-js` (a peer dependency).
 *
 * The service authenticates gRPC calls with an `x-token` metadata entry; a missing or wrong token is
 * answered with status 16 `UNAUTHENTICATED`.
 */

export { xTokenCallCredentials } from "./grpc/x-token-call-credentials.js";
export { type XTokenClientOptions, xTokenClientOptions } from "./grpc/x-token-client-options.js";
export { type XTokenInterceptorOptions, xTokenInterceptor } from "./grpc/x-token-interceptor.js";
export { Secret, type SecretInput } from "./runtime/credentials/secret.js";
export * from "./runtime/errors/index.js";
