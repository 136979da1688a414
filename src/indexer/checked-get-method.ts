import type { IndexerOperations } from "../../generated/indexer/index.js";
import { GetMethodError } from "./errors/get-method-error.js";
import { isSuccessfulExit } from "./tvm-exit-codes.js";

/**
 * `runGetMethod`, throwing {@link GetMethodError} when the run ends with an exit code other than TVM's
 * success codes (0 and 1), instead of returning the failed run as if it were a result.
 *
 * @param runGetMethod - The generated operation.
 * @returns The same operation, checking the exit code.
 * @example
 * const caller = createIndexerCaller({ baseUrl: "https://nd-123-456-789.p2pify.com", auth: nodeAuth({ token: "<token>" }) });
 * const runGetMethod = checkedGetMethod(createIndexerOperations(caller).runGetMethod);
 * await runGetMethod({ address, method: "seqno", stack: [] }); // throws GetMethodError for exit code 11
 */
export function checkedGetMethod(
  runGetMethod: IndexerOperations["runGetMethod"],
): IndexerOperations["runGetMethod"] {
  return async (body, options) => {
    const result = await runGetMethod(body, options);
    if (!isSuccessfulExit(result.exit_code)) throw new GetMethodError(String(body.method), result);
    return result;
  };
}
