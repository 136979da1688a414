import { type FieldIssue, RequestValidationError } from "../../runtime/errors/request-validation-error.js";
import type { JsonRpcClient } from "../../runtime/json-rpc/create-json-rpc-client.js";
import { checksumIssue } from "../address/address-issue.js";

/** Where the spec's methods take addresses: the first param itself, or fields of it. */
const ADDRESS_PARAMS: Readonly<Record<string, { whole?: true; fields?: readonly string[] }>> = {
  eth_getBalance: { whole: true },
  eth_getCode: { whole: true },
  eth_getStorageAt: { whole: true },
  eth_getTransactionCount: { whole: true },
  eth_getProof: { whole: true },
  eth_usingBigBlocks: { whole: true },
  eth_call: { fields: ["to", "from"] },
  eth_estimateGas: { fields: ["to", "from"] },
  eth_getLogs: { fields: ["address"] },
};

/** The EIP-55 issues of one call's addresses (a log filter's `address` may be a list). */
function addressCaseIssues(name: string, params: unknown, pointer: string): FieldIssue[] {
  const where = Object.hasOwn(ADDRESS_PARAMS, name) ? ADDRESS_PARAMS[name] : undefined;
  if (where === undefined || !Array.isArray(params)) return [];
  const first = params[0];
  const candidates: [unknown, string][] = [];
  if (where.whole) candidates.push([first, `${pointer}/0`]);
  if (where.fields && first !== null && typeof first === "object") {
    for (const field of where.fields) {
      const value = (first as Record<string, unknown>)[field];
      const at = `${pointer}/0/${field}`;
      if (!Array.isArray(value)) candidates.push([value, at]);
      else for (const [i, entry] of value.entries()) candidates.push([entry, `${at}/${i}`]);
    }
  }
  return candidates.flatMap(([value, at]) => {
    const issue = checksumIssue(value, at);
    return issue ? [issue] : [];
  });
}

/**
 * Wraps a JSON-RPC client so that a read naming an address with a wrong EIP-55 checksum (or a TRON
 * address) is refused before sending, as writes are: the spec's pattern accepts any case, and a node
 * would answer for whatever account the mistyped hex happens to be.
 *
 * @param rpc - The client to send with.
 * @returns The same client, checking addresses first.
 * @example
 * const rpc = checkingAddressCase(createJsonRpcClient({ url, path: "/evm", auth: nodeAuth({ token }) }));
 */
export function checkingAddressCase(rpc: JsonRpcClient): JsonRpcClient {
  return {
    ...rpc,
    call: (method, params, options) => {
      const issues = addressCaseIssues(method.name, params, "/params");
      if (issues.length > 0) return Promise.reject(new RequestValidationError(method.name, issues));
      return rpc.call(method, params, options);
    },
    batch: (calls, options) => {
      const issues = calls.flatMap((call, k) =>
        addressCaseIssues(call.method.name, call.params, `/${k}/params`),
      );
      if (issues.length > 0) return Promise.reject(new RequestValidationError("batch", issues));
      return rpc.batch(calls, options);
    },
  };
}
