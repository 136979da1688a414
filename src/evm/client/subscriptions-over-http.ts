import { RequestValidationError } from "../../runtime/errors/request-validation-error.js";
import type { JsonRpcClient } from "../../runtime/json-rpc/create-json-rpc-client.js";

/** The methods that only work on a connection the node can push on. */
const SUBSCRIPTION_METHODS = new Set(["eth_subscribe", "eth_unsubscribe"]);

const OVER_HTTP =
  'needs a connection the node can push on, and this client speaks HTTP (where the node answers "Method not ' +
  'found"): create the client with transport: "websocket" and use its subscribe("newHeads"), ' +
  'subscribe("logs", filter) or watch(kind, { onEvent })';

/**
 * Wraps an HTTP JSON-RPC client so that `eth_subscribe` and `eth_unsubscribe`, alone or in a batch, are
 * refused before sending with what to do instead: over HTTP the node can only answer "Method not
 * found", and the fix (`transport: "websocket"`) is in the client's options, not the call.
 *
 * @param rpc - The HTTP client to send with.
 * @returns The same client, refusing subscriptions.
 * @example
 * const rpc = refusingSubscriptionsOverHttp(createJsonRpcClient({ url, path: "/evm", auth: nodeAuth({ token }) }));
 */
export function refusingSubscriptionsOverHttp(rpc: JsonRpcClient): JsonRpcClient {
  return {
    ...rpc,
    call: (method, params, options) =>
      SUBSCRIPTION_METHODS.has(method.name)
        ? Promise.reject(
            new RequestValidationError(method.name, [{ pointer: "/method", message: OVER_HTTP }]),
          )
        : rpc.call(method, params, options),
    batch: (calls, options) => {
      const issues = calls.flatMap((call, k) =>
        SUBSCRIPTION_METHODS.has(call.method.name) ? [{ pointer: `/${k}/method`, message: OVER_HTTP }] : [],
      );
      if (issues.length > 0) return Promise.reject(new RequestValidationError("batch", issues));
      return rpc.batch(calls, options);
    },
  };
}
