import type { Metadata } from "@grpc/grpc-js";
import { ChainkitError } from "../runtime/errors/chainkit-error.js";

/** The metadata key the service reads a node's gRPC token from. */
export const X_TOKEN_KEY = "x-token";

/** Printable ASCII only: what an ASCII gRPC metadata value may carry. */
const METADATA_VALUE = /^[\x20-\x7e]+$/;

/**
 * Checks a gRPC token before any channel uses it, so a bad token fails at setup, not mid-call.
 * The message never repeats the token.
 *
 * @throws {ChainkitError} when the token is not a non-empty printable ASCII string.
 */
export function assertXToken(token: unknown): asserts token is string {
  if (typeof token !== "string" || token.length === 0) {
    throw new ChainkitError("gRPC token: expected a non-empty string.");
  }
  if (!METADATA_VALUE.test(token) || token.trim() !== token) {
    throw new ChainkitError(
      "gRPC token: must be printable ASCII without leading or trailing spaces (it travels as the x-token metadata value).",
    );
  }
}

/** Sets the `x-token` entry on `metadata`, replacing any earlier value. */
export function setXToken(metadata: Metadata, token: string): Metadata {
  metadata.set(X_TOKEN_KEY, token);
  return metadata;
}
