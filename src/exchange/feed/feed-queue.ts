/**
 * What a subscription does when its consumer falls `maxBuffered` messages behind: `latest` drops
 * the oldest waiting message (each one is the whole current state: books, mids, contexts, candles),
 * `fail` ends the iteration with the error `overflow()` makes (nothing may be dropped silently).
 */
export type OverflowPolicy = "latest" | "fail";

/**
 * The messages waiting for one subscription's consumer, and the async iterator that hands them out,
 * bounded by `limit` under an {@link OverflowPolicy}. Ending the iteration (`break`, `return()`)
 * calls `onReturn` once.
 *
 * @example
 * const queue = new FeedQueue<string>(2, "latest", () => new Error("overflow"));
 * queue.push("a"); queue.push("b"); queue.push("c"); // "a" is dropped
 * queue.end();
 * for await (const item of queue) console.log(item); // "b", "c"
 */
export class FeedQueue<T> implements AsyncIterableIterator<T> {
  readonly #limit: number;
  readonly #policy: OverflowPolicy;
  readonly #overflow: () => unknown;
  #items: T[] = [];
  #head = 0;
  #waiter: { resolve: (result: IteratorResult<T>) => void; reject: (error: unknown) => void } | undefined;
  #done = false;
  #error: { value: unknown } | undefined;
  #dropped = 0;
  /** Called once when the consumer stops iterating, or the queue fails. */
  onReturn: () => void = () => {};

  constructor(limit: number, policy: OverflowPolicy, overflow: () => unknown) {
    this.#limit = limit;
    this.#policy = policy;
    this.#overflow = overflow;
  }

  /** Messages waiting. */
  get size(): number {
    return this.#items.length - this.#head;
  }

  /** Messages dropped by the `latest` policy so far. */
  get dropped(): number {
    return this.#dropped;
  }

  /** Whether the queue has ended (consumer gone, or `end`/`fail` called). */
  get ended(): boolean {
    return this.#done || this.#error !== undefined;
  }

  /** Queues one message, hands it to a waiting consumer, or applies the overflow policy. */
  push(item: T): void {
    if (this.ended) return;
    if (this.#waiter !== undefined) {
      const waiter = this.#waiter;
      this.#waiter = undefined;
      waiter.resolve({ value: item, done: false });
      return;
    }
    if (this.size >= this.#limit) {
      if (this.#policy === "fail") {
        this.fail(this.#overflow());
        return;
      }
      this.#items[this.#head] = undefined as T;
      this.#head++;
      this.#dropped++;
    }
    this.#items.push(item);
    this.#compact();
  }

  /** Ends the iteration after the queued messages. */
  end(): void {
    if (this.ended) return;
    this.#done = true;
    this.#settleWaiter();
  }

  /** Ends the iteration with `error` at once: messages still queued are not handed out. */
  fail(error: unknown): void {
    if (this.ended) return;
    this.#error = { value: error };
    this.#items = [];
    this.#head = 0;
    this.#settleWaiter();
    this.onReturn();
  }

  next(): Promise<IteratorResult<T>> {
    if (this.size > 0) {
      const value = this.#items[this.#head] as T;
      this.#items[this.#head] = undefined as T;
      this.#head++;
      this.#compact();
      return Promise.resolve({ value, done: false });
    }
    if (this.#error !== undefined) {
      const { value } = this.#error;
      this.#error = undefined;
      this.#done = true;
      return Promise.reject(value);
    }
    if (this.#done) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve, reject) => {
      this.#waiter = { resolve, reject };
    });
  }

  async return(): Promise<IteratorResult<T>> {
    const wasEnded = this.ended;
    this.#done = true;
    this.#error = undefined;
    this.#items = [];
    this.#head = 0;
    this.#settleWaiter();
    if (!wasEnded) this.onReturn();
    return { value: undefined, done: true };
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  /** Drops the handed-out slots once they are most of the array, so memory stays bounded by the limit. */
  #compact(): void {
    if (this.#head > 1024 && this.#head * 2 > this.#items.length) {
      this.#items = this.#items.slice(this.#head);
      this.#head = 0;
    }
  }

  #settleWaiter(): void {
    const waiter = this.#waiter;
    if (waiter === undefined) return;
    this.#waiter = undefined;
    if (this.#error !== undefined) {
      const { value } = this.#error;
      this.#error = undefined;
      this.#done = true;
      waiter.reject(value);
    } else {
      waiter.resolve({ value: undefined, done: true });
    }
  }
}
