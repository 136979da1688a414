import type { FieldIssue } from "../../runtime/errors/request-validation-error.js";
import { Follower } from "./follower.js";
import type { NewPendingTransactionsEvent } from "./live-events.js";

const HASH32 = /^0x[0-9a-fA-F]{64}$/;

/**
 * Follows `newPendingTransactions`. A node's pool cannot be read back, so nothing missed can be
 * fetched: hashes that arrive while the queue is full are let go and counted, and after a reconnect
 * a `gap` event tells the consumer that some may be missing.
 */
export class PendingFollower extends Follower<NewPendingTransactionsEvent> {
  readonly kind = "newPendingTransactions";
  #dropped = 0;
  #subscriptions = 0;

  subscribeParams(): [kind: "newPendingTransactions"] {
    return ["newPendingTransactions"];
  }

  protected check(item: unknown): FieldIssue[] {
    return typeof item === "string" && HASH32.test(item)
      ? []
      : [{ pointer: "/params/result", message: "must be a transaction hash (0x + 64 hex digits)" }];
  }

  protected position(): string {
    return ""; // nothing to catch up: every step is the last
  }

  protected subscribed(): void {
    if (this.#subscriptions++ > 0) this.deliver({ type: "gap", reason: "reconnect", dropped: 0 });
  }

  protected accept(item: unknown): void {
    if (!this.queue.hasRoom) {
      this.#dropped++;
      return;
    }
    this.#reportDropped();
    this.deliver({ type: "pendingTransaction", hash: item as string });
  }

  /** Hashes pushed before the subscription was known were let go: say so, after the ones kept. */
  override missed(dropped: number): void {
    this.deliver({ type: "gap", reason: "overflow", dropped });
  }

  /** Nothing to fetch: once the consumer has room again, say how many hashes were let go. */
  protected async step(): Promise<boolean> {
    this.#reportDropped();
    return true;
  }

  #reportDropped(): void {
    if (this.#dropped === 0) return;
    this.deliver({ type: "gap", reason: "overflow", dropped: this.#dropped });
    this.#dropped = 0;
  }
}
