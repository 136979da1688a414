import type { RpcMethod, RpcMethodValidators, Validator } from "../../runtime/operation.js";

/** Lets every value through: the caller of an unvalidated request answers for its shapes. */
const acceptAnything: Validator = () => true;
const ACCEPT_ANYTHING: RpcMethodValidators = { params: acceptAnything, result: acceptAnything };
/** One loader for every unvalidated method, so the runtime loads it once and checks synchronously after. */
const loadAcceptAnything = () => Promise.resolve(ACCEPT_ANYTHING);

/**
 * A method descriptor for a JSON-RPC method the EVM spec does not describe, so the runtime can send
 * it like any other (credentials, batching, retries) while checking neither params nor result.
 *
 * @param name - The JSON-RPC method name, sent as given.
 * @param idempotent - Whether the method only reads, so a failed request may be sent again.
 * @returns A descriptor whose validators accept anything.
 * @example
 * const rpc = createJsonRpcClient({ url, path: "/evm", auth: nodeAuth({ token }) });
 * const traceCall = unvalidatedMethod("debug_traceTransaction", true);
 * await rpc.call(traceCall, [hash, { tracer: "callTracer" }]);
 */
export function unvalidatedMethod(name: string, idempotent: boolean): RpcMethod {
  return { name, idempotent, validators: loadAcceptAnything };
}
