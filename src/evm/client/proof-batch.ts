import { evmMethods } from "../../../generated/evm/index.js";
import { RequestValidationError } from "../../runtime/errors/request-validation-error.js";
import type { JsonRpcClient } from "../../runtime/json-rpc/create-json-rpc-client.js";
import type { BatchRpc } from "../verify/verified-proof.js";

/**
 * Adapts the runtime's JSON-RPC client to the batch interface `getVerifiedProof` needs: calls named
 * by method, answered in order. Every call goes through the spec's descriptor, so params and results
 * are checked like any other call.
 */
export function proofBatch(rpc: JsonRpcClient, signal?: AbortSignal): BatchRpc {
  return {
    batch: (calls) =>
      rpc.batch(
        calls.map((call, index) => {
          const method = evmMethods[call.method as keyof typeof evmMethods];
          if (method === undefined) {
            throw new RequestValidationError("batch", [
              { pointer: `/${index}/method`, message: `is not a method of the EVM spec (${call.method})` },
            ]);
          }
          return { method, params: call.params };
        }),
        { signal },
      ),
  };
}
