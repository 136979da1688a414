import type { EvmMethods, Log, LogFilter } from "../../../generated/evm/index.js";
import { type FieldIssue, RequestValidationError } from "../../runtime/errors/request-validation-error.js";
import { ResponseValidationError } from "../../runtime/errors/response-validation-error.js";
import { LOG_WINDOW_BLOCKS } from "../limits.js";
import { logFilterIssue } from "../live/log-filter-match.js";
import { toHex } from "../quantity.js";
import { readQuantity } from "../read-quantity.js";
// Loaded by the client after its call path: importing it keeps their shared code in one chunk (why: evm-call-path.ts).
import "../client/evm-call-path.js";

/** What `evm.logs` walks: a block range of any length, and the usual address and topic filters. */
export interface LogRange {
  /** The contract(s) whose logs to return; left out for any. */
  address?: LogFilter["address"];
  /** What each topic position must hold (at most 4 positions). */
  topics?: LogFilter["topics"];
  /** The first block (a number; default 0). */
  fromBlock?: bigint | number;
  /** The last block (a number, or `"latest"`: the head when the walk starts; the default). */
  toBlock?: bigint | number | "latest";
}

function blockIssue(value: unknown, pointer: string, allowLatest: boolean): FieldIssue[] {
  if (value === undefined || (allowLatest && value === "latest")) return [];
  const ok =
    (typeof value === "bigint" && value >= 0n) ||
    (typeof value === "number" && Number.isSafeInteger(value) && value >= 0);
  return ok
    ? []
    : [
        {
          pointer,
          message: `must be a block number (a non-negative bigint or integer)${allowLatest ? ' or "latest"' : ""}`,
        },
      ];
}

/**
 * Walks the logs of a block range of any length in order, one `eth_getLogs` per window of
 * {@link LOG_WINDOW_BLOCKS} blocks. Each window goes through the client, so it is checked by the same
 * HyperEVM rules as a single `eth_getLogs` (at most 50 blocks, at most 4 topic positions) and its
 * answer validated.
 *
 * @param node - The client's typed methods.
 * @param range - Address, topics and the block range.
 * @returns The logs, oldest first.
 * @throws {RequestValidationError} at the first step when the range is malformed or reversed.
 * @example
 * for await (const log of walkLogs(evm, { address: token, fromBlock: 0n, toBlock: 1_000n })) console.log(log.blockNumber);
 */
export async function* walkLogs(node: EvmMethods, range: LogRange): AsyncGenerator<Log, void, undefined> {
  const issues = [
    ...blockIssue(range.fromBlock, "/fromBlock", false),
    ...blockIssue(range.toBlock, "/toBlock", true),
  ];
  if (issues.length > 0) throw new RequestValidationError("logs", issues);
  const from = BigInt(range.fromBlock ?? 0);
  const to =
    range.toBlock === undefined || range.toBlock === "latest"
      ? BigInt(await node.eth_blockNumber())
      : BigInt(range.toBlock);
  if (from > to) {
    throw new RequestValidationError("logs", [
      { pointer: "/fromBlock", message: `must not be after toBlock (${to})` },
    ]);
  }
  const filter = {
    ...(range.address !== undefined && { address: range.address }),
    ...(range.topics !== undefined && { topics: range.topics }),
  };
  for (let start = from; start <= to; start += LOG_WINDOW_BLOCKS) {
    const end = start + LOG_WINDOW_BLOCKS - 1n < to ? start + LOG_WINDOW_BLOCKS - 1n : to;
    const logs = await node.eth_getLogs({ ...filter, fromBlock: toHex(start), toBlock: toHex(end) });
    yield* windowLogs(logs, filter, start, end);
  }
}

const GET_LOGS = "eth_getLogs";

/**
 * The logs of one window's answer that the window asked for, each once: a log of another contract
 * or event, or of a block outside the window, is a hostile answer (`ResponseValidationError` naming
 * it); a log repeated (same `blockHash` and `logIndex`) is given once. Windows do not overlap, so
 * remembering one window's logs is enough, and that memory is bounded by the answer's size.
 */
function windowLogs(logs: Log[], filter: LogFilter, start: bigint, end: bigint): Log[] {
  const seen = new Set<string>();
  const kept: Log[] = [];
  for (const [index, log] of logs.entries()) {
    const pointer = `/result/${index}`;
    const mismatch = logFilterIssue(filter, log, pointer);
    if (mismatch !== undefined) throw new ResponseValidationError(GET_LOGS, 200, [mismatch]);
    const block = readQuantity(log.blockNumber, GET_LOGS, `${pointer}/blockNumber`, 200);
    if (block < start || block > end) {
      throw new ResponseValidationError(GET_LOGS, 200, [
        {
          pointer: `${pointer}/blockNumber`,
          message: `is ${block}, outside the blocks asked for (${start} to ${end})`,
        },
      ]);
    }
    const key = `${log.blockHash}:${readQuantity(log.logIndex, GET_LOGS, `${pointer}/logIndex`, 200)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(log);
  }
  return kept;
}
