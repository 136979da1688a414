import type { Log, LogSubscriptionFilter } from "../../../generated/evm/types.js";
import type { FieldIssue } from "../../runtime/errors/request-validation-error.js";
import { ResponseValidationError } from "../../runtime/errors/response-validation-error.js";
import { SubscriptionError } from "../errors/subscription-error.js";
import { readQuantity } from "../read-quantity.js";
import type { EventQueue } from "./event-queue.js";
import { Follower, type FollowerContext } from "./follower.js";
import { CATCH_UP_WINDOW } from "./head-follower.js";
import type { LogEvent } from "./live-events.js";
import { logFilterIssue } from "./log-filter-match.js";
import type { CheckedSubscriptionOptions } from "./subscription-options.js";

/** Where a log sits in the chain: block number, then index in the block. */
interface Position {
  block: bigint;
  /** The log's index; `Infinity` once every log of the block is in. */
  index: number;
}

const PUSHED = "eth_subscription (logs)";

/** A log that has a place in a block (pushed and fetched logs always have one). */
type PlacedLog = Log & { blockNumber: string; blockHash: string; logIndex: string };

/** The logs delivered from one block, remembered to undo them if the block leaves the chain. */
interface DeliveredBlock {
  number: bigint;
  logs: PlacedLog[];
  /** What remembering `logs` costs, roughly, in bytes. */
  bytes: number;
  /** `false` once the block had more logs than the memory allows: they were let go (only the cursor knows them). */
  whole: boolean;
}

/**
 * Follows `logs`. The cursor is the position of the last log delivered (or the end of the last block
 * fetched); a pushed log after it is delivered at once. After a reconnect, or when the consumer fell
 * behind, the follower fetches what it missed with `eth_getLogs` in windows of 50 blocks. Each
 * catch-up first fetches again the last `maxReorgDepth` blocks it delivered logs from: a log delivered
 * before that is no longer there left the chain and comes again with `removed: true` (newest first),
 * and a log there that was never delivered (the new branch) is delivered. While live, the node's own
 * `removed: true` logs are passed on for the logs that were delivered.
 */
export class LogFollower extends Follower<LogEvent> {
  readonly kind = "logs";
  readonly #filter: LogSubscriptionFilter;
  /** The lowest block this subscription answers for (its start). */
  #floor = 0n;
  #cursor: Position = { block: -1n, index: Number.POSITIVE_INFINITY };
  #latest = -1n;
  #askLatest = true;
  #rescan = false;
  /** Logs delivered from recent blocks, by block hash. */
  #delivered = new Map<string, DeliveredBlock>();
  /** What the remembered logs cost, roughly, in bytes (at most `context.rememberBytes`). */
  #rememberedBytes = 0;

  constructor(
    context: FollowerContext,
    queue: EventQueue<LogEvent>,
    options: CheckedSubscriptionOptions,
    filter: LogSubscriptionFilter,
  ) {
    super(context, queue, options);
    this.#filter = filter;
  }

  subscribeParams(): [kind: "logs", filter: LogSubscriptionFilter] {
    return ["logs", this.#filter];
  }

  /** Finds the start before subscribing, so a log pushed at once is already after it. */
  protected override async prepare(): Promise<void> {
    const { fromBlock } = this.options;
    const start = fromBlock ?? BigInt(await this.context.evm.eth_blockNumber()) + 1n;
    this.#floor = start;
    this.#cursor = { block: start - 1n, index: Number.POSITIVE_INFINITY };
    this.#latest = start - 1n;
  }

  protected subscribed(): void {
    this.#askLatest = true;
    this.#rescan = true;
  }

  protected check(item: unknown): FieldIssue[] {
    // A pushed log has the shape of one `eth_getLogs` answer item: that schema checks it.
    const issues = this.context.checks.logs([item], "/params/result").map((issue) => ({
      ...issue,
      pointer: issue.pointer.replace(/^\/params\/result\/0/, "/params/result"),
    }));
    if (issues.length > 0) return issues;
    const log = item as Log;
    for (const field of ["blockNumber", "blockHash", "logIndex"] as const) {
      if (log[field] === null || log[field] === undefined) {
        issues.push({
          pointer: `/params/result/${field}`,
          message: "must be set: a pushed log is in a block",
        });
      }
    }
    return issues;
  }

  protected position(): string {
    return `${this.#cursor.block}:${this.#cursor.index}`;
  }

  protected accept(item: unknown): void {
    const log = item as PlacedLog;
    const number = readQuantity(log.blockNumber, PUSHED, "/params/result/blockNumber");
    readQuantity(log.logIndex, PUSHED, "/params/result/logIndex");
    const mismatch = logFilterIssue(this.#filter, log, "/params/result");
    if (mismatch !== undefined) throw new ResponseValidationError(PUSHED, 101, [mismatch]);
    if (log.removed === true) {
      if (this.live) this.#undo(log);
      else this.#rescan = true; // caught up later: the rescan finds what left the chain
      return;
    }
    if (number > this.#latest) this.#latest = number;
    if (this.live && this.queue.hasRoom && !this.#forks(log)) {
      if (this.#isNew(log)) this.#deliver(log);
      return;
    }
    if (this.live) this.#rescan = true; // from now on pushed logs are let go: check again when back
    this.live = false;
    this.run();
  }

  protected async step(): Promise<boolean> {
    const evm = this.context.evm;
    if (this.#askLatest) {
      this.#askLatest = false;
      const latest = BigInt(await evm.eth_blockNumber());
      if (latest > this.#latest) this.#latest = latest;
      return false;
    }
    if (this.#rescan) {
      this.#rescan = false;
      await this.#reconcile();
      return false;
    }
    const cursor = this.#cursor;
    const from = cursor.index === Number.POSITIVE_INFINITY ? cursor.block + 1n : cursor.block;
    if (from > this.#latest) return true;
    const to = min(this.#latest, from + BigInt(CATCH_UP_WINDOW - 1));
    const logs = await this.#fetch(from, to);
    for (const log of logs) {
      if (this.stopped) return false;
      if (this.#forks(log)) {
        this.#rescan = true; // the chain changed under the window: reconcile, then fetch again
        return false;
      }
      if (before(this.#cursor, position(log))) this.#deliver(log);
    }
    this.#advance({ block: to, index: Number.POSITIVE_INFINITY });
    return false;
  }

  /**
   * Fetches the recent blocks logs were delivered from again: logs no longer there are delivered with
   * `removed: true` (newest first), logs there that were not delivered are delivered, in order.
   */
  async #reconcile(): Promise<void> {
    const high = this.#cursor.block;
    const low = max(this.#floor, high - BigInt(this.options.maxReorgDepth) + 1n);
    if (low > high) return;
    const fresh: PlacedLog[] = [];
    for (let from = low; from <= high; from += BigInt(CATCH_UP_WINDOW)) {
      fresh.push(...(await this.#fetch(from, min(high, from + BigInt(CATCH_UP_WINDOW - 1)))));
    }
    if (this.stopped) return;
    const onChain = new Set(fresh.map(identity));
    const recent = [...this.#delivered.entries()].filter(([, block]) => block.number >= low);
    const freshBlocks = new Set(fresh.map((log) => log.blockHash));
    if (recent.some(([hash, block]) => !block.whole && !freshBlocks.has(hash))) {
      throw new SubscriptionError({
        subscription: "logs",
        reason: "reorgTooLarge",
        message:
          "a block left the chain whose delivered logs were more than the client remembers (maxResponseBytes), so they cannot be reported removed; subscribe again, with fromBlock to resume",
      });
    }
    const gone = recent.flatMap(([, block]) => block.logs).filter((log) => !onChain.has(identity(log)));
    for (const log of gone.sort(byPosition).reverse()) this.#undo(log);
    for (const log of fresh) if (this.#isNew(log)) this.#deliver(log);
    this.#advance({ block: high, index: Number.POSITIVE_INFINITY });
  }

  /** The logs of blocks `from` to `to` that match the filter, in chain order. */
  async #fetch(from: bigint, to: bigint): Promise<PlacedLog[]> {
    const logs = await this.context.evm.eth_getLogs({
      ...this.#filter,
      fromBlock: quantity(from),
      toBlock: quantity(to),
    });
    const placed = (logs as PlacedLog[]).filter((log) => log.blockHash !== null);
    placed.forEach((log, i) => {
      readQuantity(log.blockNumber, "eth_getLogs", `/result/${i}/blockNumber`);
      readQuantity(log.logIndex, "eth_getLogs", `/result/${i}/logIndex`);
      const mismatch = logFilterIssue(this.#filter, log, `/result/${i}`);
      if (mismatch !== undefined) throw new ResponseValidationError("eth_getLogs", 200, [mismatch]);
    });
    return placed.sort(byPosition);
  }

  /** Whether a log's block has another hash than the block logs were delivered from at that height. */
  #forks(log: PlacedLog): boolean {
    const number = BigInt(log.blockNumber);
    for (const [hash, block] of this.#delivered)
      if (block.number === number && hash !== log.blockHash) return true;
    return false;
  }

  /** Whether a log was not delivered yet: after the cursor, or on a new branch within the remembered blocks. */
  #isNew(log: PlacedLog): boolean {
    if (BigInt(log.blockNumber) < this.#floor) return false;
    if (before(this.#cursor, position(log))) return true;
    const block = this.#delivered.get(log.blockHash);
    if (block !== undefined && !block.whole) return false; // its logs up to the cursor were all delivered
    if (block !== undefined) return !block.logs.some((known) => known.logIndex === log.logIndex);
    return BigInt(log.blockNumber) > this.#cursor.block - BigInt(this.options.maxReorgDepth);
  }

  #deliver(log: PlacedLog): void {
    const number = BigInt(log.blockNumber);
    const block = this.#delivered.get(log.blockHash) ?? { number, logs: [], bytes: 0, whole: true };
    this.#delivered.set(log.blockHash, block);
    const cost = logCost(log);
    if (block.whole && this.#rememberedBytes + cost > this.context.rememberBytes) {
      // Too many logs to remember in full: let this block's go; a reorg of it ends the subscription.
      this.#rememberedBytes -= block.bytes;
      block.logs = [];
      block.bytes = 0;
      block.whole = false;
    }
    if (block.whole) {
      block.logs.push(log);
      block.bytes += cost;
      this.#rememberedBytes += cost;
    }
    this.#advance(position(log));
    this.deliver({ type: "log", log });
  }

  /** Delivers a log again with `removed: true`, if it was delivered, and forgets it. */
  #undo(log: PlacedLog): void {
    const block = this.#delivered.get(log.blockHash);
    if (block !== undefined && !block.whole) {
      // Not remembered, but delivered if the cursor is past it: pass on what the node sent.
      if (!before(this.#cursor, position(log))) this.deliver({ type: "log", log: { ...log, removed: true } });
      return;
    }
    const index = block?.logs.findIndex((known) => known.logIndex === log.logIndex) ?? -1;
    if (block === undefined || index === -1) return;
    const [known] = block.logs.splice(index, 1);
    block.bytes -= logCost(known as PlacedLog);
    this.#rememberedBytes -= logCost(known as PlacedLog);
    if (block.logs.length === 0) this.#delivered.delete(log.blockHash);
    this.deliver({ type: "log", log: { ...(known as PlacedLog), removed: true } });
  }

  /** Moves the cursor forward (never back) and forgets blocks too old to be reorganised away. */
  #advance(to: Position): void {
    if (before(this.#cursor, to)) this.#cursor = to;
    const oldest = this.#cursor.block - BigInt(this.options.maxReorgDepth);
    for (const [hash, block] of this.#delivered) {
      if (block.number > oldest) continue;
      this.#delivered.delete(hash);
      this.#rememberedBytes -= block.bytes;
    }
  }
}

/** Roughly what remembering a log costs: its text, and the objects and strings holding it. */
function logCost(log: PlacedLog): number {
  return (
    512 +
    (typeof log.data === "string" ? log.data.length : 0) +
    80 * (Array.isArray(log.topics) ? log.topics.length : 0)
  );
}

function position(log: PlacedLog): Position {
  return { block: BigInt(log.blockNumber), index: Number(log.logIndex) };
}

/** Whether `a` comes strictly before `b`. */
function before(a: Position, b: Position): boolean {
  return a.block < b.block || (a.block === b.block && a.index < b.index);
}

function byPosition(a: PlacedLog, b: PlacedLog): number {
  const left = position(a);
  const right = position(b);
  return before(left, right) ? -1 : before(right, left) ? 1 : 0;
}

function identity(log: PlacedLog): string {
  return `${log.blockHash}:${log.logIndex}`;
}

function quantity(value: bigint): string {
  return `0x${value.toString(16)}`;
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

function max(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}
