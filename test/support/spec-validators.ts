import type { RestOperation, RpcMethod, Validator } from "../../src/runtime/operation.js";
import { loadValidators } from "../../src/runtime/validation/load-validators.js";

/**
 * The generated validator of an operation's response body for a status (exact code, then its
 * range, then `default`), or `undefined` when the spec gives that status no JSON body. The one
 * place tests read validators, so a change of the descriptor contract is adapted here.
 */
export async function responseValidator(
  operation: RestOperation,
  status: number | string,
): Promise<Validator | undefined> {
  const { responses } = await loadValidators(operation);
  const code = String(status);
  return responses[code] ?? responses[`${code[0]}XX`] ?? responses.default;
}

/** The generated validator of a JSON-RPC method's result. */
export async function resultValidator(method: RpcMethod): Promise<Validator> {
  return (await loadValidators(method)).result;
}
