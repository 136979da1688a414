import { RequestValidationError } from "../../runtime/errors/request-validation-error.js";
import type { JsonRpcClient } from "../../runtime/json-rpc/create-json-rpc-client.js";
import { loadOnce } from "../../runtime/load-once.js";

// The checksum is a Keccak-256 hash: its module loads only once a call names an address with a
// capital letter (mixed-case hex, or a TRON address), so a client that never does (a block read,
// all-lowercase addresses) loads one file fewer on its first call.
const addressChecks = /* @__PURE__ */ loadOnce(() => import("../address/address-issue.js"));
let checksumIssue: typeof import("../address/address-issue.js").checksumIssue | undefined;

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

/** One call's addresses that only the checksum check can refuse (a log filter's `address` may be a list). */
function addressesToCheck(name: string, params: unknown, pointer: string): [string, string][] {
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
  // Without a capital letter, an address is neither mixed-case hex nor a TRON address ("T…").
  return candidates.filter((candidate): candidate is [string, string] => {
    const [value] = candidate;
    return typeof value === "string" && value !== value.toLowerCase();
  });
}

/**
 * Refuses the call with the EIP-55 issues of its addresses, or sends it: at once when none needs
 * the checksum or its module is loaded, else once the module is.
 */
function checkedThen<T>(
  addresses: readonly [string, string][],
  label: string,
  send: () => Promise<T>,
): Promise<T> {
  const refuseOrSend = (check: NonNullable<typeof checksumIssue>) => {
    const issues = addresses.flatMap(([value, at]) => {
      const issue = check(value, at);
      return issue ? [issue] : [];
    });
    return issues.length > 0 ? Promise.reject(new RequestValidationError(label, issues)) : send();
  };
  if (addresses.length === 0) return send();
  if (checksumIssue !== undefined) return refuseOrSend(checksumIssue);
  return addressChecks().then((module) => {
    checksumIssue = module.checksumIssue;
    return refuseOrSend(checksumIssue);
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
    call: (method, params, options) =>
      checkedThen(addressesToCheck(method.name, params, "/params"), method.name, () =>
        rpc.call(method, params, options),
      ),
    batch: (calls, options) =>
      checkedThen(
        calls.flatMap((call, k) => addressesToCheck(call.method.name, call.params, `/${k}/params`)),
        "batch",
        () => rpc.batch(calls, options),
      ),
  };
}
