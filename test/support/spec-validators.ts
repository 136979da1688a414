import { selectResponse } from "../../src/runtime/http/select-response.js";
import type {
  Int64Paths,
  ResponseDescriptor,
  RestOperation,
  RpcMethod,
  Validator,
} from "../../src/runtime/operation.js";
import { loadValidators } from "../../src/runtime/validation/load-validators.js";

/**
 * How an operation's module reads a response status (exact code, then its range, then `default`).
 * The one place tests read operation modules, so a change of the contract is adapted here.
 */
async function responseOf(
  operation: RestOperation,
  status: number | string,
): Promise<ResponseDescriptor | undefined> {
  const { responses } = await loadValidators(operation);
  const key = selectResponse(responses, Number(status));
  return key === undefined ? undefined : responses[key];
}

/**
 * The generated validator of an operation's response body for a status, or `undefined` when the
 * spec gives that status no JSON body.
 */
export async function responseValidator(
  operation: RestOperation,
  status: number | string,
): Promise<Validator | undefined> {
  return (await responseOf(operation, status))?.validate;
}

/** Where int64 fields sit in an operation's response body for a status, as the runtime converts them. */
export async function responseInt64(operation: RestOperation, status: number | string): Promise<Int64Paths> {
  return (await responseOf(operation, status))?.int64 ?? [];
}

/** The generated validator of a JSON-RPC method's result. */
export async function resultValidator(method: RpcMethod): Promise<Validator> {
  return (await loadValidators(method)).result;
}

/**
 * Every validator an operation's module exports, by name (`body`, `responses.200`): its own
 * validator exports and each response status's `validate`; the plain data beside them is left out.
 */
export function validatorsOfModule(module: Record<string, unknown>): [string, Validator][] {
  return Object.entries(module).flatMap(([key, value]): [string, Validator][] => {
    // `responses` by status; a WebSocket's `subscriptions` and `messages` (channels module) by type.
    if (key === "responses" || key === "subscriptions" || key === "messages") {
      return Object.entries(value as Record<string, ResponseDescriptor>).flatMap(([status, response]) =>
        response.validate ? [[`${key}.${status}`, response.validate] as [string, Validator]] : [],
      );
    }
    return typeof value === "function" ? [[key, value as Validator]] : [];
  });
}
