import type { CallInvocationTransformer } from "@grpc/grpc-js";
import { redactText } from "../runtime/credentials/redact.js";
import type { SecretInput } from "../runtime/credentials/secret.js";
import { ConfigurationError } from "../runtime/errors/configuration-error.js";
import { isLoopbackTarget } from "./loopback-target.js";
import { checkXToken, setXToken } from "./x-token.js";

/** The client options {@link xTokenClientOptions} gives: spread them into a client's options. */
export interface XTokenClientOptions {
  callInvocationTransformer: CallInvocationTransformer;
}

/**
 * Client options that add a node's token as `x-token` metadata to every call on a plain-text
 * channel to this machine, checking the channel's own target on every call: the client's channel,
 * as grpc-js reports it (`getTarget()`), must be loopback (`127.0.0.1:50051`, `localhost:…`,
 * `[::1]:…`, `unix:…`), or the call throws a `ConfigurationError` and nothing is sent. Unlike
 * {@link xTokenInterceptor}, which cannot see its channel and trusts the target it is given, this
 * cannot be pointed at one channel and used on another. Over the network use
 * {@link xTokenCallCredentials} with TLS.
 *
 * @param token - The node's gRPC token (a string or a `Secret`); kept in a closure, never shown.
 * @returns `{ callInvocationTransformer }`, for a client's options (alongside any others).
 * @throws {ConfigurationError} (option `token`) when the token is shorter than 8 characters or not
 *   printable ASCII; from a call (option `target`) when the client's channel is not this machine.
 * @example
 * import { Client, credentials } from "@grpc/grpc-js";
 * import { xTokenClientOptions } from "chainkit/grpc";
 * const local = new Client("127.0.0.1:50051", credentials.createInsecure(), xTokenClientOptions(token));
 */
export function xTokenClientOptions(token: SecretInput): XTokenClientOptions {
  const secret = checkXToken(token);
  return {
    callInvocationTransformer(properties) {
      const target = properties.channel.getTarget();
      if (!isLoopbackTarget(target)) {
        throw new ConfigurationError(
          "target",
          `the client's channel goes to "${redactText(target, [secret.reveal()])}", which is not this machine: the x-token would travel in clear text. Reach the node over TLS with credentials.combineChannelCredentials(credentials.createSsl(), xTokenCallCredentials(token))`,
        );
      }
      setXToken(properties.metadata, secret);
      return properties;
    },
  };
}
