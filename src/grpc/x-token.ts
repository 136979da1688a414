import type { Metadata } from "@grpc/grpc-js";
import { Secret, type SecretInput, toSecret } from "../runtime/credentials/secret.js";
import { secretProblem } from "../runtime/credentials/secret-rules.js";
import { ConfigurationError } from "../runtime/errors/configuration-error.js";

/** The metadata key the service reads a node's gRPC token from. */
const X_TOKEN_KEY = "x-token";

/** Printable ASCII only: what an ASCII gRPC metadata value may carry. */
const METADATA_VALUE = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;

/**
 * Checks a gRPC token before any channel uses it, so a bad token fails at setup, not mid-call.
 * The message never repeats the token.
 *
 * @param token - The token, as a string or a `Secret`.
 * @returns The token wrapped in a `Secret`.
 * @throws {ConfigurationError} (option `token`) when the token is not a printable ASCII string of at
 *   least 8 characters without surrounding spaces.
 */
export function checkXToken(token: SecretInput): Secret {
  if (typeof token !== "string" && !(token instanceof Secret)) {
    throw new ConfigurationError("token", "must be a non-empty string");
  }
  const secret = toSecret(token);
  if (secret.reveal() === "") throw new ConfigurationError("token", "must be a non-empty string");
  const problem = secretProblem(secret.reveal(), "token");
  if (problem !== undefined) throw new ConfigurationError("token", problem);
  if (!METADATA_VALUE.test(secret.reveal())) {
    throw new ConfigurationError(
      "token",
      "must be printable ASCII without surrounding spaces (it travels as the x-token metadata value)",
    );
  }
  return secret;
}

/**
 * Sets the `x-token` entry on `metadata`, replacing any earlier value.
 *
 * @example
 * setXToken(new grpc.Metadata(), checkXToken("0123abcd")).get("x-token"); // ["0123abcd"]
 */
export function setXToken(metadata: Metadata, token: Secret): Metadata {
  metadata.set(X_TOKEN_KEY, token.reveal());
  return metadata;
}
