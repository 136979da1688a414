/**
 * How the fuzz suites call an operation: through its surface's runtime caller (retries off), with the
 * suite's fixed credentials, against one server.
 */
import { type Auth, bearerAuth, noAuth, nodeAuth } from "../../../src/runtime/credentials/auth.js";
import { createJsonRpcClient } from "../../../src/runtime/json-rpc/create-json-rpc-client.js";
import type { RestInput } from "../../../src/runtime/operation.js";
import { createRestCaller } from "../../../src/runtime/rest/create-rest-caller.js";
import type { FuzzOperation } from "./operations.js";

export const FUZZ_API_KEY = "fuzz-api-key-0123456789";
export const FUZZ_NODE_TOKEN = "fuzz-node-token-0123456789";

/** The auth of a surface's kind (`bearer`, `node` or none), with the suite's credentials. */
export function fuzzAuthOf(kind: string): Auth {
  if (kind === "bearer") return bearerAuth(FUZZ_API_KEY);
  if (kind === "node") return nodeAuth({ token: FUZZ_NODE_TOKEN });
  return noAuth();
}

/** Calls one operation of `url`'s server through its runtime caller, retries off. */
export function fuzzCallerFor(operation: FuzzOperation, url: string): (input: unknown) => Promise<unknown> {
  const options = { auth: fuzzAuthOf(operation.surface.auth), retry: false as const, timeout: 60_000 };
  if (operation.kind === "rpc") {
    const rpc = createJsonRpcClient({ url, path: operation.surface.path, batch: false, ...options });
    return (params) => rpc.call(operation.descriptor, params as unknown[]);
  }
  const rest = createRestCaller({ baseUrl: url, ...options });
  return (input) => rest.call(operation.descriptor, input as RestInput);
}
