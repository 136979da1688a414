import type { EvmMethods } from "../../../generated/evm/client.js";
import type { LogSubscriptionFilter } from "../../../generated/evm/types.js";
import { AbortError } from "../../runtime/errors/abort-error.js";
import { ChainkitError } from "../../runtime/errors/chainkit-error.js";
import type { FieldIssue } from "../../runtime/errors/request-validation-error.js";
import { ResponseValidationError } from "../../runtime/errors/response-validation-error.js";
import { TimeoutError } from "../../runtime/errors/timeout-error.js";
import { isRetryable } from "../../runtime/http/retry-policy.js";
import { SubscriptionError } from "../errors/subscription-error.js";
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
  /**
   * Bytes of delivered logs a log subscription remembers to report them removed after a reorg (the
   * client's `maxResponseBytes`); a block with more is not remembered.
   */
  rememberBytes: number;
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
/** Catch-up steps in a row that may move nothing before the loop pauses (asking the head, a fork check). */
const FREE_IDLE_STEPS = 2;
/** Pauses (growing, with jitter) after which a catch-up that still moves nothing ends the subscription. */
const MOST_IDLE_PAUSES = 5;

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
  /** Catch-up steps in a row that neither delivered nor moved the cursor. */
  #idleSteps = 0;
  #deliveries = 0;
  #paused = false;
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
  /** Where the follower stands (its cursor), so the loop can tell a step that moved from one that did not. */
  protected abstract position(): string;

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
    this.#paused = false;
  }

  /**
   * A notification's `result` for this subscription. Whatever the node pushed, with validation on or
   * off, ends as an event or as a typed error on this subscription, never as an exception in the
   * socket's message listener.
   */
  notify(item: unknown): void {
    if (this.stopped) return;
    const method = `eth_subscription (${this.kind})`;
    if (this.context.validates) {
      const issues = this.check(item);
      if (issues.length > 0) {
        this.fail(new ResponseValidationError(method, 101, issues));
        return;
      }
    }
    try {
      this.accept(item);
    } catch (error) {
      this.fail(asTypedError(error, method, "/params/result"));
    }
  }

  /**
   * Items the node pushed before the subscription was known were let go (`dropped` of them; 0 when
   * unknown). Heads and logs are fetched from the chain anyway; pending hashes override this.
   */
  missed(_dropped: number): void {}

  /** Runs the catch-up loop unless it runs already; it stops when caught up, or when the queue is full. */
  run(): void {
    if (this.#running || this.#paused || this.stopped || this.nodeId === undefined) return;
    this.#running = true;
    void this.#loop();
  }

  async #loop(): Promise<void> {
    try {
      while (!this.stopped && this.nodeId !== undefined) {
        if (!this.queue.hasRoom) return; // the queue calls run() again once the consumer catches up
        const before = this.#mark();
        if (await this.step()) {
          this.live = true;
          this.#retries = 0;
          this.#idleSteps = 0;
          return;
        }
        if (this.#mark() !== before) this.#idleSteps = 0;
        else if (++this.#idleSteps > FREE_IDLE_STEPS) return this.#pause();
      }
    } catch (error) {
      this.#failed(asTypedError(error, `${this.kind} catch-up`, ""), () => this.run());
    } finally {
      this.#running = false;
    }
  }

  #mark(): string {
    return `${this.#deliveries}|${this.position()}`;
  }

  /**
   * Catch-up moves nothing: the node's answers disagree with each other. Pause, longer each time
   * (pushed items do not wake the loop meanwhile), and end the subscription after a few pauses.
   */
  #pause(): void {
    const pauses = this.#idleSteps - FREE_IDLE_STEPS;
    if (pauses > MOST_IDLE_PAUSES) {
      this.fail(
        new SubscriptionError({
          subscription: this.kind,
          reason: "noProgress",
          message: `the node's answers disagree (e.g. a block whose parentHash is not the hash of the block before it): ${this.#idleSteps} catch-up steps in a row moved nothing; check the node, then subscribe again (with fromBlock to resume)`,
        }),
      );
      return;
    }
    this.#paused = true;
    clearTimeout(this.#retryTimer);
    this.#retryTimer = setTimeout(
      () => {
        this.#paused = false;
        this.run();
      },
      Math.random() * Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** (pauses - 1)),
    );
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
    this.#deliveries++;
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
    this.#paused = false;
    clearTimeout(this.#retryTimer);
    if (this.#onAbort) this.options.signal?.removeEventListener("abort", this.#onAbort);
  }
}

/** A chainkit error as is; anything else thrown while reading what the node sent, as a `ResponseValidationError`. */
function asTypedError(error: unknown, method: string, pointer: string): unknown {
  if (error instanceof ChainkitError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new ResponseValidationError(method, 101, [
    { pointer, message: `could not be read (${detail.slice(0, 200)})` },
  ]);
}
