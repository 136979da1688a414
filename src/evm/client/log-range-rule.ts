import { type FieldIssue, RequestValidationError } from "../../runtime/errors/request-validation-error.js";
import type { JsonRpcClient } from "../../runtime/json-rpc/create-json-rpc-client.js";

/** The most blocks one `eth_getLogs` call may cover on HyperEVM (`toBlock - fromBlock + 1`). */
const MAX_LOG_BLOCKS = 50;

const QUANTITY = /^0x[0-9a-fA-F]+$/;

/**
 * HyperEVM's block-range rule for `eth_getLogs`, which a JSON Schema cannot say (it relates two
 * fields): a filter whose `fromBlock` and `toBlock` are both numbers may cover at most 50 blocks. A
 * range with a tag at either end, or a reversed one, is left for the node to judge.
 *
 * @param params - The `eth_getLogs` params as the caller gave them.
 * @param pointer - Where the params sit in the call, e.g. `/params` or `/3/params`.
 * @returns One issue naming `toBlock` when the range is too long (`0x1` to `0x64` is 100 blocks:
 *   `/params/0/toBlock`), else none.
 */
function logRangeIssues(params: readonly unknown[], pointer: string): FieldIssue[] {
  const filter = params[0];
  if (filter === null || typeof filter !== "object") return [];
  const { fromBlock, toBlock } = filter as { fromBlock?: unknown; toBlock?: unknown };
  if (typeof fromBlock !== "string" || typeof toBlock !== "string") return [];
  if (!QUANTITY.test(fromBlock) || !QUANTITY.test(toBlock)) return [];
  const blocks = BigInt(toBlock) - BigInt(fromBlock) + 1n;
  if (blocks <= BigInt(MAX_LOG_BLOCKS)) return [];
  return [
    {
      pointer: `${pointer}/0/toBlock`,
      message:
        `is ${blocks - 1n} blocks after fromBlock, a range of ${blocks} blocks: this service serves at most ` +
        `${MAX_LOG_BLOCKS} blocks per eth_getLogs call, so split the range into calls of at most ${MAX_LOG_BLOCKS} blocks`,
    },
  ];
}

/**
 * Wraps a JSON-RPC client so that every `eth_getLogs` it sends, alone or in a batch, is refused
 * before sending when its block range breaks {@link logRangeIssues}.
 *
 * @param rpc - The client to send with.
 * @returns The same client, checking the rule first.
 * @example
 * const rpc = checkingLogRange(createJsonRpcClient({ url, path: "/evm", auth: nodeAuth({ token }) }));
 */
export function checkingLogRange(rpc: JsonRpcClient): JsonRpcClient {
  const issuesOf = (name: string, params: readonly unknown[], pointer: string) =>
    name === "eth_getLogs" && Array.isArray(params) ? logRangeIssues(params, pointer) : [];
  return {
    ...rpc,
    call: (method, params, options) => {
      const issues = issuesOf(method.name, params, "/params");
      if (issues.length > 0) return Promise.reject(new RequestValidationError(method.name, issues));
      return rpc.call(method, params, options);
    },
    batch: (calls, options) => {
      const issues = calls.flatMap((call, k) => issuesOf(call.method.name, call.params, `/${k}/params`));
      if (issues.length > 0) return Promise.reject(new RequestValidationError("batch", issues));
      return rpc.batch(calls, options);
    },
  };
}
