import type { CallCredentials } from "@grpc/grpc-js";
import type { SecretInput } from "../runtime/credentials/secret.js";
import { grpc } from "./grpc-js.js";
import { checkXToken, setXToken } from "./x-token.js";

/**
 * Call credentials that send a node's token as `x-token` metadata on every call.
 *
 * Use them on TLS channels (the service's gRPC endpoints are `host:443` over TLS). grpc-js refuses
 * call credentials on insecure channels: for a plain-text channel to this machine use {@link xTokenInterceptor}.
 *
 * @param token - The node's gRPC token (a string or a `Secret`). It is kept in a closure and never
 *   shows in inspected objects.
 * @returns Call credentials to combine with `credentials.createSsl()`.
 * @throws {ConfigurationError} (option `token`) when the token is shorter than 8 characters, or not
 *   printable ASCII.
 *
 * @example
 * import { Client, credentials } from "@grpc/grpc-js";
 * import { xTokenCallCredentials } from "chainkit/grpc";
 * const channel = credentials.combineChannelCredentials(credentials.createSsl(), xTokenCallCredentials(token));
 * const client = new Client("grpc.example.com:443", channel); // or any generated service client
 */
export function xTokenCallCredentials(token: SecretInput): CallCredentials {
  const secret = checkXToken(token);
  return grpc.credentials.createFromMetadataGenerator((_params, callback) => {
    callback(null, setXToken(new grpc.Metadata(), secret));
  });
}
