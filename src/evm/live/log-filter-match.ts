import type { Log, LogFilter, LogSubscriptionFilter } from "../../../generated/evm/types.js";
import type { FieldIssue } from "../../runtime/errors/request-validation-error.js";

/**
 * Checks a log the node sent against the filter it was asked for (a subscription's, or one
 * `eth_getLogs` window's): its address must be one of the filter's (in any case), and each topic the
 * filter names must match the log's topic at that position. A node that sends anything else is broken
 * or hostile: its log is not delivered.
 *
 * @param filter - The filter asked for.
 * @param log - The log as the node sent it.
 * @param pointer - Where the log sits in the message, for the issue (e.g. `/params/result`).
 * @returns The first mismatch as an issue, or `undefined` when the log matches.
 * @example
 * const log = { address: "0x00000000000000000000000000000000000000bb", topics: [], data: "0x", blockHash: null, blockNumber: null, transactionHash: null, transactionIndex: null, logIndex: null };
 * logFilterIssue({ address: "0x00000000000000000000000000000000000000aa" }, log, "/params/result"); // { pointer: "/params/result/address", … }
 */
export function logFilterIssue(
  filter: LogSubscriptionFilter | LogFilter,
  log: Log,
  pointer: string,
): FieldIssue | undefined {
  const addresses = filter.address === undefined || filter.address === null ? [] : [filter.address].flat();
  if (addresses.length > 0) {
    const address = typeof log.address === "string" ? log.address.toLowerCase() : "";
    if (!addresses.some((wanted) => wanted.toLowerCase() === address)) {
      return {
        pointer: `${pointer}/address`,
        message: "is not an address the filter asked for",
      };
    }
  }
  const topics = Array.isArray(log.topics) ? log.topics : [];
  for (const [index, wanted] of (filter.topics ?? []).entries()) {
    if (wanted === null || wanted === undefined) continue;
    const topic = typeof topics[index] === "string" ? topics[index].toLowerCase() : undefined;
    const allowed = [wanted].flat().map((hash) => hash.toLowerCase());
    if (topic === undefined || !allowed.includes(topic)) {
      return {
        pointer: `${pointer}/topics/${index}`,
        message: "does not match the topic the filter asked for at this position",
      };
    }
  }
  return undefined;
}
