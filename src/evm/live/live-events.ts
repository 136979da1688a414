import type { BlockHeader, Hash32, Log } from "../../../generated/evm/types.js";

/** What a subscription follows (the `eth_subscribe` kinds). */
export type LiveKind = "newHeads" | "logs" | "newPendingTransactions";

/** A new block at the head of the chain, in chain order. */
export interface HeadEvent {
  type: "head";
  /** The block's header (no transactions), as the node's `newHeads` sends it. */
  head: BlockHeader;
}

/**
 * The chain reorganised: the blocks in `removed` (newest first) are no longer on it. Heads from
 * `ancestor.number + 1` on the new branch follow.
 */
export interface ReorgEvent {
  type: "reorg";
  /** How many delivered heads left the chain. */
  depth: number;
  /** The heads that left the chain, newest first. */
  removed: readonly BlockHeader[];
  /** The last delivered head still on the chain: the new branch starts after it. */
  ancestor: { number: string; hash: string };
}

/** An event of a `newHeads` subscription. */
export type NewHeadsEvent = HeadEvent | ReorgEvent;

/**
 * A log that matches the filter, in chain order. After a reorganisation, logs of blocks that left the
 * chain come again with `log.removed === true` (newest first), then the logs of the new branch.
 */
export interface LogEvent {
  type: "log";
  log: Log;
}

/** A transaction hash the node accepted into its pool. */
export interface PendingTransactionEvent {
  type: "pendingTransaction";
  hash: Hash32;
}

/**
 * Pending transactions may have been missed and cannot be fetched again: the connection was lost
 * (`reason: "reconnect"`), or the consumer fell behind and `dropped` hashes were let go (`"overflow"`).
 */
export interface GapEvent {
  type: "gap";
  reason: "reconnect" | "overflow";
  /** Hashes let go (0 when unknown: after a reconnect, or when the node pushed them before the subscription was known). */
  dropped: number;
}

/** An event of a `newPendingTransactions` subscription. */
export type NewPendingTransactionsEvent = PendingTransactionEvent | GapEvent;

/** The event type of each kind. */
export interface LiveEventMap {
  newHeads: NewHeadsEvent;
  logs: LogEvent;
  newPendingTransactions: NewPendingTransactionsEvent;
}

/** Options every subscription takes. */
export interface SubscriptionOptions {
  /** Ends the subscription: the iteration throws an `AbortError`, and the node subscription is stopped. */
  signal?: AbortSignal;
  /**
   * Most events held for a consumer that is behind (default 1000). Past it, heads and logs are no
   * longer queued as they arrive but fetched from the chain once the consumer has caught up (nothing is
   * lost, memory stays bounded); pending transaction hashes are dropped and reported by a `gap` event.
   */
  maxBuffered?: number;
}

/** Options of a `newHeads` or `logs` subscription. */
export interface ChainSubscriptionOptions extends SubscriptionOptions {
  /**
   * Start at this block instead of the head: every block (or log) from it on is delivered first,
   * fetched in windows of at most 50 blocks, then the live ones. For resuming after a restart.
   */
  fromBlock?: bigint | number;
  /**
   * How many recent blocks are remembered to find where a reorganisation forked (default 64). A
   * deeper one ends the subscription with a `SubscriptionError`.
   */
  maxReorgDepth?: number;
}

/** Options of a `newHeads` subscription. */
export interface HeadSubscriptionOptions extends ChainSubscriptionOptions {
  /** Recompute each head's hash (`verifyBlockHash`) before delivering it; a mismatch ends the subscription with a `ProofError`. */
  verifyHeads?: boolean;
}
