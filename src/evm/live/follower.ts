import type { EvmMethods } from "../../../generated/evm/client.js";
import type { LogSubscriptionFilter } from "../../../generated/evm/types.js";
import { AbortError } from "../../runtime/errors/abort-error.js";
import type { FieldIssue } from "../../runtime/errors/request-validation-error.js";
import { ResponseValidationError } from "../../runtime/errors/response-validation-error.js";
import { TimeoutError } from "../../runtime/errors/timeout-error.js";
import { isRetryable } from "../../runtime/http/retry-policy.js";
import type { EventQueue } from "./event-queue.js";
import type { LiveKind } from "./live-events.js";
import type { PushedItemChecks } from "./pushed-item-checks.js";
import type { CheckedSubscriptionOptions } from "./subscription-options.js";

/** What a follower needs from the hub that routes its notifications. */
export interface FollowerContext {
  /** The spec's checks of pushed items (used when `validates`). */
  checks: PushedItemChecks;
  /** The typed methods, over the same connection. */
  evm: EvmMethods;
  /** Whether items pushed by the node are checked against the spec. */
  validates: boolean;
  /** Whether a socket is open now. */
  connected(): boolean;
  /** Counts the connection's opens and drops: a subscription belongs to one epoch. */
  epoch(): number;
  /** Subscribes on the node for this follower; `false` when the connection went away meanwhile. */
  subscribe(follower: Follower<unknown>): Promise<boolean>;
  /** Cancels the node subscription (best effort) and forgets the follower. */
  release(follower: Follower<unknown>): Promise<void>;
}

const RETRY_BASE_MS = 250;
const RETRY_MAX_MS = 10_000;

/**
 * One subscription on the client's side: its node subscription (made again after each reconnect),
 * the queue its consumer reads, and a catch-up loop. Items the node pushes are delivered at once
 * while the follower is live; after a reconnect, or when the consumer fell behind, the follower is not
 * live and `step` fetches what is missing from the chain until it has caught up.
 */
export abstract class Follower<E> {
  abstract readonly kind: LiveKind;
  /** The node's id for the current subscription, while one is active. */
  nodeId: string | undefined;
  protected live = false;
  protected stopped = false;
  #running = false;
  #epoch = -1;
  #retries = 0;
  #retryTimer: ReturnType<typeof setTimeout> | undefined;
  #onAbort: (() => void) | undefined;

  constructor(
    protected readonly context: FollowerContext,
    protected readonly queue: EventQueue<E>,
    protected readonly options: CheckedSubscriptionOptions,
  ) {
    queue.onReturn = () => this.stop();
    queue.onRoom = () => this.run();
  }

  /** The `eth_subscribe` params. */
  abstract subscribeParams(): [kind: LiveKind, filter?: LogSubscriptionFilter];
  /** An item the node pushed (already checked). */
  protected abstract accept(item: unknown): void;
  /** Issues with an item the node pushed, pointers under `/params/result`. */
  protected abstract check(item: unknown): FieldIssue[];
  /** Called after each (re)subscription, before catching up. */
  protected abstract subscribed(): void;
  /**
   * One unit of catch-up work (a window of blocks, a reorg check). Returns `true` when caught up; must
   * decide that after its last `await`, so no notification slips in between.
   */
  protected abstract step(): Promise<boolean>;

  /** Gets ready to follow (the hub subscribes it next): watches the signal, loads what it needs. */
  async start(): Promise<void> {
    const { signal } = this.options;
    if (signal?.aborted) return this.fail(new AbortError({ reason: signal.reason }));
    this.#onAbort = () => this.fail(new AbortError({ reason: signal?.reason }));
    signal?.addEventListener("abort", this.#onAbort, { once: true });
    await this.prepare();
  }

  /** Loads what the follower needs before its first item (e.g. the hash verifier). */
  protected async prepare(): Promise<void> {}

  /** Subscribes on the node (again, after a reconnect) and catches up; once per connection epoch. */
  async resubscribe(): Promise<void> {
    const epoch = this.context.epoch();
    if (this.stopped || this.#epoch === epoch) return;
    this.#epoch = epoch;
    this.live = false;
    this.nodeId = undefined;
    let subscribed: boolean;
    try {
      subscribed = await this.context.subscribe(this as Follower<unknown>);
    } catch (error) {
      this.#epoch = -1; // let the retry (or the next open) subscribe again
      return this.#failed(error, () => this.resubscribe());
    }
    if (!subscribed || this.stopped) return;
    this.subscribed();
    this.run();
  }

  /** The connection was lost: the node subscription is gone until the next open. */
  disconnected(): void {
    this.live = false;
    this.nodeId = undefined;
    clearTimeout(this.#retryTimer);
  }

  /** A notification's `result` for this subscription. */
  notify(item: unknown): void {
    if (this.stopped) return;
    if (this.context.validates) {
      const issues = this.check(item);
      if (issues.length > 0) {
        this.fail(new ResponseValidationError(`eth_subscription (${this.kind})`, 101, issues));
        return;
      }
    }
    this.accept(item);
  }

  /** Runs the catch-up loop unless it runs already; it stops when caught up, or when the queue is full. */
  run(): void {
    if (this.#running || this.stopped || this.nodeId === undefined) return;
    this.#running = true;
    void this.#loop();
  }

  async #loop(): Promise<void> {
    try {
      while (!this.stopped && this.nodeId !== undefined) {
        if (!this.queue.hasRoom) return; // the queue calls run() again once the consumer catches up
        if (await this.step()) {
          this.live = true;
          this.#retries = 0;
          return;
        }
      }
    } catch (error) {
      this.#failed(error, () => this.run());
    } finally {
      this.#running = false;
    }
  }

  /**
   * A call failed: a lost connection waits for the next open; a timeout or rate limit on a live
   * connection is tried again after a backoff; anything else ends the subscription.
   */
  #failed(error: unknown, again: () => void): void {
    if (this.stopped) return;
    const transient = isRetryable(error) || error instanceof TimeoutError;
    if (!transient) {
      this.fail(error);
      return;
    }
    if (!this.context.connected()) return; // the next open resubscribes and catches up
    const delay = Math.random() * Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** this.#retries++);
    clearTimeout(this.#retryTimer);
    this.#retryTimer = setTimeout(again, delay);
  }

  /** Delivers one event. */
  protected deliver(event: E): void {
    this.queue.push(event);
  }

  /** Ends the subscription with an error (the consumer's next read throws it). */
  fail(error: unknown): void {
    if (this.stopped) return;
    this.queue.fail(error);
    void this.stop();
  }

  /** Ends the subscription without an error (the client was closed). */
  end(): void {
    if (this.stopped) return;
    this.queue.end();
    this.#halt();
  }

  /** Stops following and cancels the node subscription. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.#halt();
    await this.context.release(this as Follower<unknown>);
  }

  #halt(): void {
    this.stopped = true;
    clearTimeout(this.#retryTimer);
    if (this.#onAbort) this.options.signal?.removeEventListener("abort", this.#onAbort);
  }
}
