import type { Interceptor } from "@grpc/grpc-js";
import { redactText } from "../runtime/credentials/redact.js";
import type { SecretInput } from "../runtime/credentials/secret.js";
import { ConfigurationError } from "../runtime/errors/configuration-error.js";
import { grpc } from "./grpc-js.js";
import { isLoopbackTarget } from "./loopback-target.js";
import { checkXToken, setXToken } from "./x-token.js";

/** Options of {@link xTokenInterceptor}. */
export interface XTokenInterceptorOptions {
  /**
   * The target of the channel the interceptor goes on, as given to the client (`"127.0.0.1:50051"`,
   * `"localhost:50051"`, `"[::1]:50051"`, `"unix:/run/node.sock"`). It must be this machine: on a
   * plain channel the token would cross the network in clear text. **You vouch for it**: an
   * interceptor cannot see its channel, so chainkit checks this string, not the channel the
   * interceptor ends up on. {@link xTokenClientOptions} checks the channel itself.
   */
  target: string;
}

/**
 * A client interceptor that adds a node's token as `x-token` metadata to every outgoing call, for a
 * plain-text channel to this machine (a local proxy, a test server), where grpc-js refuses call
 * credentials. Any other target is refused at once: to reach a node over the network use
 * {@link xTokenCallCredentials} with `credentials.createSsl()`, which grpc-js only sends over TLS.
 *
 * The check is on the `target` you pass, which you vouch is the channel's: grpc-js does not show an
 * interceptor its channel. Prefer {@link xTokenClientOptions}, which reads the client's channel
 * target on every call; use the interceptor where only interceptors can be given (per call, or in a
 * chain of interceptors).
 *
 * @param token - The node's gRPC token (a string or a `Secret`). It is kept in a closure and never
 *   shows in inspected objects.
 * @param options - `target`: the channel's target, which must be loopback.
 * @returns An interceptor for the `interceptors` client option.
 * @throws {ConfigurationError} (option `token`) when the token is shorter than 8 characters, or not
 *   printable ASCII; (option `target`) when the target is not this machine.
 *
 * @example
 * import { Client, credentials } from "@grpc/grpc-js";
 * import { xTokenInterceptor } from "chainkit/grpc";
 * const target = "127.0.0.1:50051";
 * const client = new Client(target, credentials.createInsecure(), { // or any generated service client
 *   interceptors: [xTokenInterceptor(token, { target })],
 * });
 */
export function xTokenInterceptor(token: SecretInput, options: XTokenInterceptorOptions): Interceptor {
  const secret = checkXToken(token);
  const target = options?.target;
  if (typeof target !== "string" || !isLoopbackTarget(target)) {
    throw new ConfigurationError(
      "target",
      // A target pasted from a node's https_endpoint may end in the token itself.
      `${typeof target === "string" ? `"${redactText(target, [secret.reveal()])}"` : "(none given)"} is not this machine: the x-token would travel in clear text. Give the loopback target of the channel, or reach the node over TLS with credentials.combineChannelCredentials(credentials.createSsl(), xTokenCallCredentials(token))`,
    );
  }
  return (callOptions, nextCall) =>
    new grpc.InterceptingCall(nextCall(callOptions), {
      start(metadata, listener, next) {
        next(setXToken(metadata, secret), listener);
      },
    });
}
