import type { Block, BlockHeader } from "../../../generated/evm/types.js";
import type { FieldIssue } from "../../runtime/errors/request-validation-error.js";
import { SubscriptionError } from "../errors/subscription-error.js";
import { Follower } from "./follower.js";
import type { NewHeadsEvent } from "./live-events.js";

/** The most blocks fetched in one catch-up round (one JSON-RPC batch). */
export const CATCH_UP_WINDOW = 50;
/** Heads compared per round while looking for where a reorganisation forked. */
const FORK_SEARCH_BATCH = 16;

/** A head the follower knows: where the chain was, by number and hash. */
interface Known {
  number: bigint;
  hash: string;
  /** The header as delivered (absent for a start point that was never delivered). */
  header?: BlockHeader;
}

/** The newest head the follower has heard of: pushed (with its header), or asked for. */
interface Target {
  number: bigint;
  hash: string;
  /** The header, when the node pushed it (it can then be delivered without fetching it). */
  pushed?: BlockHeader;
}

/**
 * Follows `newHeads`. The cursor is the last head delivered; a pushed head whose `parentHash` is the
 * cursor's hash is delivered at once. Anything else (a gap after a reconnect, a consumer that fell
 * behind, a head on another branch) sends the follower back to the chain: heads after the cursor are
 * fetched by number in windows of 50, each checked to link to the one before, and a head that does not
 * link is a reorganisation, resolved by comparing the last `maxReorgDepth` delivered heads with the
 * chain.
 */
export class HeadFollower extends Follower<NewHeadsEvent> {
  readonly kind = "newHeads";
  /** Recent heads, oldest first; the last one is the cursor. */
  #known: Known[] = [];
  #target: Target | undefined;
  #askLatest = true;
  #verify: ((header: BlockHeader) => string) | undefined;

  subscribeParams(): [kind: "newHeads"] {
    return ["newHeads"];
  }

  /** Finds the start before subscribing, so a head pushed at once is already after it. */
  protected override async prepare(): Promise<void> {
    if (this.options.verifyHeads) {
      // Loaded only by subscriptions that verify: the RLP and keccak code stays out of the others.
      const { verifyBlockHash } = await import("../verify/block-hash.js");
      this.#verify = (header) => verifyBlockHash(header);
    }
    await this.#setStart();
  }

  protected subscribed(): void {
    this.#askLatest = true;
  }

  protected check(item: unknown): FieldIssue[] {
    if (item === null || typeof item !== "object")
      return [{ pointer: "/params/result", message: "must be a block header" }];
    // A pushed head has the shape of the header `ots_getHeaderByNumber` answers: its schema checks it.
    return this.context.checks.head(item, "/params/result");
  }

  protected accept(item: unknown): void {
    const header = item as BlockHeader;
    const cursor = this.#cursor();
    if (this.#known.some((known) => known.hash === header.hash)) return; // delivered already
    this.#target = { number: BigInt(header.number), hash: header.hash, pushed: header };
    if (this.live && cursor !== undefined && header.parentHash === cursor.hash && this.queue.hasRoom) {
      try {
        this.#deliverHead(header);
      } catch (error) {
        this.fail(error); // a head whose hash does not verify
      }
      return;
    }
    this.live = false;
    this.run();
  }

  protected async step(): Promise<boolean> {
    const evm = this.context.evm;
    if (this.#askLatest) {
      this.#askLatest = false;
      const latest = await evm.eth_getBlockByNumber("latest", false);
      // A head pushed while we asked may be newer than the answer: keep the newer one.
      if (latest !== null && (this.#target === undefined || BigInt(latest.number) >= this.#target.number)) {
        this.#target = { number: BigInt(latest.number), hash: latest.hash };
      }
      return false;
    }
    const cursor = this.#cursor();
    const target = this.#target;
    if (cursor === undefined || target === undefined) return true;
    if (target.hash === cursor.hash) return true;
    if (target.pushed !== undefined && target.pushed.parentHash === cursor.hash && cursor.hash !== "") {
      this.#deliverHead(target.pushed); // the next head is the one pushed: no need to fetch it
      return false;
    }
    if (target.number <= cursor.number) {
      // A pushed head below the cursor that was delivered is old news; anything else may be a reorg.
      const old = target.pushed !== undefined && this.#known.some((known) => known.hash === target.hash);
      if (!old && (await this.#resolveFork())) return false;
      this.#target = { number: cursor.number, hash: cursor.hash };
      return this.#target.hash === this.#cursor()?.hash;
    }
    const from = cursor.number + 1n;
    const to = min(target.number, cursor.number + BigInt(CATCH_UP_WINDOW));
    const blocks = await Promise.all(
      range(from, to).map((number) => evm.eth_getBlockByNumber(quantity(number), false)),
    );
    for (const block of blocks) {
      if (this.stopped) return false;
      if (block === null) {
        // The chain is shorter than the target said: ask again where its head is.
        this.#askLatest = true;
        return false;
      }
      const last = this.#cursor();
      if (last?.hash !== "" && block.parentHash !== last?.hash) {
        await this.#resolveFork();
        return false;
      }
      this.#deliverHead(headerOf(block));
    }
    return false;
  }

  /** The cursor: the last head delivered, or the start point. */
  #cursor(): Known | undefined {
    return this.#known[this.#known.length - 1];
  }

  /** The first cursor: the head now, or the block before `fromBlock` (an empty hash: no link to check). */
  async #setStart(): Promise<void> {
    const { fromBlock } = this.options;
    if (fromBlock === undefined) {
      const latest = await this.context.evm.eth_getBlockByNumber("latest", false);
      this.#known.push(
        latest === null ? { number: -1n, hash: "" } : { number: BigInt(latest.number), hash: latest.hash },
      );
      return;
    }
    if (fromBlock === 0n) {
      this.#known.push({ number: -1n, hash: "" });
      return;
    }
    const before = await this.context.evm.eth_getBlockByNumber(quantity(fromBlock - 1n), false);
    this.#known.push(
      before === null ? { number: fromBlock - 1n, hash: "" } : { number: fromBlock - 1n, hash: before.hash },
    );
  }

  /**
   * Finds the newest remembered head still on the chain, reports the heads after it as a `reorg`
   * event and moves the cursor back to it.
   *
   * @returns Whether any delivered head left the chain.
   * @throws {SubscriptionError} when none of the remembered heads is on the chain any more.
   */
  async #resolveFork(): Promise<boolean> {
    const evm = this.context.evm;
    const known = this.#known;
    for (let end = known.length; end > 0; end -= FORK_SEARCH_BATCH) {
      const batch = known.slice(Math.max(0, end - FORK_SEARCH_BATCH), end).reverse();
      const onChain = await Promise.all(
        batch.map((entry) =>
          entry.hash === "" ? null : evm.eth_getBlockByNumber(quantity(entry.number), false),
        ),
      );
      const index = batch.findIndex((entry, i) => entry.hash === "" || onChain[i]?.hash === entry.hash);
      if (index === -1) continue;
      const ancestor = batch[index] as Known;
      const cut = known.indexOf(ancestor) + 1;
      const dropped = known.slice(cut);
      if (dropped.length === 0) return false;
      this.#known = known.slice(0, cut);
      // A start point that was never delivered leaves quietly; delivered heads are reported.
      const removed = dropped.flatMap((entry) => (entry.header ? [entry.header] : [])).reverse();
      if (removed.length > 0) {
        this.deliver({
          type: "reorg",
          depth: removed.length,
          removed,
          ancestor: { number: quantity(ancestor.number), hash: ancestor.hash },
        });
      }
      return true;
    }
    throw new SubscriptionError({
      subscription: "newHeads",
      reason: "reorgTooDeep",
      message: `the chain reorganised deeper than the ${known.length} heads remembered (maxReorgDepth); subscribe again, with fromBlock to resume`,
    });
  }

  #deliverHead(header: BlockHeader): void {
    this.#verify?.(header);
    const number = BigInt(header.number);
    this.#known.push({ number, hash: header.hash, header });
    if (this.#known.length > this.options.maxReorgDepth) this.#known.shift();
    this.deliver({ type: "head", head: header });
  }
}

/** A block without its body, shaped like the header a `newHeads` subscription pushes. */
function headerOf(block: Block): BlockHeader {
  const { transactions: _t, uncles: _u, withdrawals: _w, size: _s, ...header } = block;
  return header;
}

function quantity(value: bigint): string {
  return `0x${value.toString(16)}`;
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

function range(from: bigint, to: bigint): bigint[] {
  const numbers: bigint[] = [];
  for (let n = from; n <= to; n++) numbers.push(n);
  return numbers;
}
