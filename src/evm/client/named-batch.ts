import { evmMethods } from "../../../generated/evm/index.js";
import { RequestValidationError } from "../../runtime/errors/request-validation-error.js";
import type { JsonRpcClient } from "../../runtime/json-rpc/create-json-rpc-client.js";
import type { CallOptions } from "../../runtime/operation.js";
import type { BatchRpc } from "../verify/batch-rpc.js";

/**
 * Adapts the runtime's JSON-RPC client to batches of calls named by method (what `evm.batch` and
 * `getVerifiedProof` send), answered in order. Every call goes through the spec's descriptor, so
 * params and results are checked like any other call; a name outside the spec (including inherited
 * names such as `"constructor"`) rejects the whole batch before anything is sent.
 *
 * @param rpc - the runtime client to send with
 * @param options - `signal`, `timeout` and `validateResponse` for the whole batch
 * @returns a {@link BatchRpc} whose `batch` always answers with a promise
 * @example
 * const rpc = createJsonRpcClient({ url: "https://nd-1.example.com", path: "/evm", auth: nodeAuth({ token }) });
 * const [head] = await namedBatch(rpc).batch([{ method: "eth_blockNumber", params: [] }]);
 */
export function namedBatch(rpc: JsonRpcClient, options?: CallOptions): BatchRpc {
  return {
    batch: async (calls) =>
      rpc.batch(
        calls.map((call, index) => {
          const method = Object.hasOwn(evmMethods, call.method)
            ? evmMethods[call.method as keyof typeof evmMethods]
            : undefined;
          if (method === undefined) {
            throw new RequestValidationError("batch", [
              { pointer: `/${index}/method`, message: `is not a method of the EVM spec (${call.method})` },
            ]);
          }
          return { method, params: call.params };
        }),
        options,
      ),
  };
}
