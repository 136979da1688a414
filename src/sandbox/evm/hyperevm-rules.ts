import type { RpcErrorObject } from "../validation.js";
import { RPC_ERRORS } from "./json-rpc-envelope.js";

/** The state methods, each with the position of its block param; they serve the latest state only. */
const STATE_METHODS: Readonly<Record<string, number>> = {
  eth_getBalance: 1,
  eth_getCode: 1,
  eth_getStorageAt: 2,
  eth_getTransactionCount: 1,
  eth_call: 1,
  eth_estimateGas: 1,
  eth_getProof: 2,
};

/** The most blocks one `eth_getLogs` call may cover. */
const MAX_LOG_BLOCKS = 50n;

/**
 * HyperEVM's latest-only rule: a state method asked for any block but `latest` or `pending` (or
 * none) is refused with -32602, as the service refuses historical state.
 *
 * @param method - The method called.
 * @param params - Its params.
 * @returns The refusal, or undefined when the call keeps to the rule.
 * @example
 * historicalStateRefusal("eth_getBalance", [address, "0x1"]); // { code: -32602, message: "eth_getBalance: only the latest block…" }
 */
export function historicalStateRefusal(
  method: string,
  params: readonly unknown[],
): RpcErrorObject | undefined {
  const position = STATE_METHODS[method];
  if (position === undefined || params.length <= position) return undefined;
  const block = params[position];
  if (block === "latest" || block === "pending") return undefined;
  return {
    code: RPC_ERRORS.invalidParams.code,
    message: `${method}: only the latest block is supported, historical state is unavailable (got block ${JSON.stringify(block)})`,
    data: `block (params[${position}]) must be "latest" or "pending", or left out`,
  };
}

/**
 * The params a state method runs with: its block (left out, `latest` or `pending`) set to `latest`,
 * since the service answers `pending` from the latest state.
 *
 * @example
 * atLatestBlock("eth_getBalance", [address, "pending"]); // [address, "latest"]
 */
export function atLatestBlock(method: string, params: readonly unknown[]): unknown[] {
  const position = STATE_METHODS[method];
  if (position === undefined) return [...params];
  const copy = [...params];
  copy[position] = "latest";
  return copy;
}

/**
 * The block a log filter's `fromBlock` or `toBlock` names, as a number: tags resolve at the head
 * (`earliest` to 0; `latest`, `safe`, `finalized`, `pending` and a missing end to the head, as this
 * chain's blocks are final once made).
 */
function blockOf(value: unknown, head: bigint): bigint {
  if (typeof value === "string" && value.startsWith("0x")) return BigInt(value);
  return value === "earliest" ? 0n : head;
}

/**
 * HyperEVM's range rule for `eth_getLogs`: at most 50 blocks per call, tags resolved at the head
 * first, and `fromBlock` not after `toBlock` (as Ethereum nodes refuse a reversed range). A filter by
 * `blockHash` covers one block.
 *
 * @param filter - The filter as sent.
 * @param head - The latest block number.
 * @returns The refusal (-32602), or undefined.
 * @example
 * logRangeRefusal({ fromBlock: "0x0" }, 100n); // refuses: 0x0 to latest (0x64) covers 101 blocks
 */
export function logRangeRefusal(filter: unknown, head: bigint): RpcErrorObject | undefined {
  if (filter === null || typeof filter !== "object") return undefined;
  const { fromBlock, toBlock, blockHash } = filter as Record<string, unknown>;
  if (blockHash !== undefined) return undefined;
  const from = blockOf(fromBlock, head);
  const to = blockOf(toBlock, head);
  if (to < from) {
    return {
      code: RPC_ERRORS.invalidParams.code,
      message: `eth_getLogs: invalid block range params (fromBlock 0x${from.toString(16)} is after toBlock 0x${to.toString(16)})`,
      data: "filter (params[0]) must have fromBlock at or before toBlock",
    };
  }
  const blocks = to - from + 1n;
  if (blocks <= MAX_LOG_BLOCKS) return undefined;
  return {
    code: RPC_ERRORS.invalidParams.code,
    message: `eth_getLogs: blocks 0x${from.toString(16)} to 0x${to.toString(16)} are ${blocks} blocks; at most ${MAX_LOG_BLOCKS} blocks per call`,
    data: "filter (params[0]) must cover at most 50 blocks: split the range",
  };
}
