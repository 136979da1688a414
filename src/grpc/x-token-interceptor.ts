import type { Interceptor } from "@grpc/grpc-js";
import type { SecretInput } from "../runtime/credentials/secret.js";
import { grpc } from "./grpc-js.js";
import { checkXToken, setXToken } from "./x-token.js";

/**
 * A client interceptor that adds a node's token as `x-token` metadata to every outgoing call.
 *
 * It works on any channel, including insecure local ones where grpc-js refuses call credentials
 * (a local proxy, a test server). On TLS channels {@link xTokenCallCredentials} is the usual choice.
 *
 * @param token - The node's gRPC token (a string or a `Secret`). It is kept in a closure and never
 *   shows in inspected objects.
 * @returns An interceptor for the `interceptors` client option.
 * @throws {ConfigurationError} (option `token`) when the token is empty or not printable ASCII.
 *
 * @example
 * import { Client, credentials } from "@grpc/grpc-js";
 * import { xTokenInterceptor } from "chainkit/grpc";
 * const client = new Client("127.0.0.1:50051", credentials.createInsecure(), { // or any generated service client
 *   interceptors: [xTokenInterceptor(token)],
 * });
 */
export function xTokenInterceptor(token: SecretInput): Interceptor {
  const secret = checkXToken(token);
  return (options, nextCall) =>
    new grpc.InterceptingCall(nextCall(options), {
      start(metadata, listener, next) {
        next(setXToken(metadata, secret), listener);
      },
    });
}
