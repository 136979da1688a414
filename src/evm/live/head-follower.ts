import type { Block, BlockHeader } from "../../../generated/evm/types.js";
import type { FieldIssue } from "../../runtime/errors/request-validation-error.js";
import { SubscriptionError } from "../errors/subscription-error.js";
import { readQuantity } from "../read-quantity.js";
import { Follower } from "./follower.js";
import type { NewHeadsEvent } from "./live-events.js";

/** The most blocks fetched in one catch-up round (one JSON-RPC batch). */
export const CATCH_UP_WINDOW = 50;
/** Heads compared per round while looking for where a reorganisation forked. */
const FORK_SEARCH_BATCH = 16;
const PUSHED = "eth_subscription (newHeads)";
const FETCHED = "eth_getBlockByNumber";

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
 * Follows `newHeads`. The cursor is the last head delivered; a pushed head that links to it (its
 * `parentHash` is the cursor's hash, its number the next) is delivered at once. Anything else (a gap
 * after a reconnect, a consumer that fell behind, a head on another branch) sends the follower back to
 * the chain: heads pushed meanwhile are kept by `parentHash` and delivered as soon as they link, the
 * rest is fetched by number in windows of 50, each checked to link to the one before (a window that
 * comes back empty drops a target beyond the node's chain, such as a pushed head numbered 2^64, for the
 * node's `latest`), and a head that does not link is a reorganisation, resolved by comparing the last
 * `maxReorgDepth` delivered heads with the chain.
 */
export class HeadFollower extends Follower<NewHeadsEvent> {
  readonly kind = "newHeads";
  /** Recent heads, oldest first; the last one is the cursor. */
  #known: Known[] = [];
  #target: Target | undefined;
  #askLatest = true;
  /** Heads pushed while catching up, by `parentHash` (bounded: the rest is fetched). */
  #pushed = new Map<string, BlockHeader>();
  #verify: ((header: BlockHeader) => string) | undefined;

  subscribeParams(): [kind: "newHeads"] {
    return ["newHeads"];
  }

  /** Finds the start before subscribing, so a head pushed at once is already after it. */
  protected override async prepare(): Promise<void> {
    if (this.options.verifyHeads) {
      // Loaded only by subscriptions that verify: the RLP and keccak code stays out of the others.
      const { verifyBlockHash } = await import("../client/with-call-path/block-hash.js");
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

  protected position(): string {
    const cursor = this.#cursor();
    return `${cursor?.number}:${cursor?.hash}`;
  }

  protected accept(item: unknown): void {
    const header = item as BlockHeader;
    const number = readQuantity(header.number, PUSHED, "/params/result/number");
    if (this.#known.some((known) => known.hash === header.hash)) return; // delivered already
    if (this.live && this.#links(header, number) && this.queue.hasRoom) {
      this.#deliverHead(header); // throws (ending the subscription) for a head whose hash does not verify
      return;
    }
    if (this.#pushed.size < this.options.maxBuffered + CATCH_UP_WINDOW)
      this.#pushed.set(header.parentHash, header);
    // The newest head heard of is where catching up goes; an older one pushed late does not pull it back.
    if (this.#target === undefined || number >= this.#target.number) {
      this.#target = { number, hash: header.hash, pushed: header };
    }
    this.live = false;
    this.run();
  }

  protected async step(): Promise<boolean> {
    const evm = this.context.evm;
    if (this.#askLatest) {
      this.#askLatest = false;
      const latest = await evm.eth_getBlockByNumber("latest", false);
      const number = latest === null ? undefined : readQuantity(latest.number, FETCHED, "/result/number");
      // A head pushed while we asked may be newer than the answer: keep the newer one.
      if (
        latest !== null &&
        number !== undefined &&
        (this.#target === undefined || number >= this.#target.number)
      ) {
        this.#target = { number, hash: latest.hash };
      }
      return false;
    }
    const cursor = this.#cursor();
    if (cursor === undefined) return true;
    const next = this.#pushed.get(cursor.hash);
    if (next !== undefined && this.#links(next, readQuantity(next.number, PUSHED, "/params/result/number"))) {
      this.#deliverHead(next); // the next head is one pushed: no need to fetch it
      return false;
    }
    const target = this.#target;
    if (target === undefined || target.hash === cursor.hash) {
      this.#pushed.clear(); // caught up: what is kept does not link, and newer heads come pushed
      return true;
    }
    if (target.number <= cursor.number) {
      // A pushed head below the cursor that was delivered is old news; anything else may be a reorg.
      const old = target.pushed !== undefined && this.#known.some((known) => known.hash === target.hash);
      if (!old && (await this.#resolveFork())) return false;
      this.#target = { number: cursor.number, hash: cursor.hash };
      return false; // the next step delivers a kept head that links, or finds the follower caught up
    }
    const from = cursor.number + 1n;
    const to = min(target.number, cursor.number + BigInt(CATCH_UP_WINDOW));
    const blocks = await Promise.all(
      range(from, to).map((number) => evm.eth_getBlockByNumber(quantity(number), false)),
    );
    for (const block of blocks) {
      if (this.stopped) return false;
      if (block === null) {
        // The chain is shorter than the target said (a pushed head from nowhere, a node behind its
        // peers): drop the target and go where the node's latest is.
        this.#target = undefined;
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
        latest === null
          ? { number: -1n, hash: "" }
          : { number: readQuantity(latest.number, FETCHED, "/result/number"), hash: latest.hash },
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

  /** Whether `header` (numbered `number`) is the head right after the cursor. */
  #links(header: BlockHeader, number: bigint): boolean {
    const cursor = this.#cursor();
    return (
      cursor !== undefined &&
      cursor.hash !== "" &&
      header.parentHash === cursor.hash &&
      number === cursor.number + 1n
    );
  }

  #deliverHead(header: BlockHeader): void {
    this.#verify?.(header);
    const number = readQuantity(header.number, FETCHED, "/result/number");
    this.#pushed.delete(header.parentHash);
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
