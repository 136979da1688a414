/**
 * The events waiting for one subscription's consumer, and the async iterator that hands them out.
 * The producer asks `hasRoom` before taking more from the node; the queue tells it, through
 * `onRoom`, when the consumer has caught up again. Ending the iteration (`break`, `return()`) calls
 * `onReturn`, which stops the subscription.
 *
 * @example
 * const queue = new EventQueue<string>(100);
 * queue.push("a");
 * queue.end();
 * for await (const item of queue) console.log(item); // "a"
 */
export class EventQueue<T> implements AsyncIterableIterator<T> {
  readonly #limit: number;
  #items: T[] = [];
  #head = 0;
  #waiter: { resolve: (result: IteratorResult<T>) => void; reject: (error: unknown) => void } | undefined;
  #done = false;
  #error: { value: unknown } | undefined;
  /** Called (once per wait) when the queue drops to half its limit after being full. */
  onRoom: () => void = () => {};
  /** Called once when the consumer stops iterating. */
  onReturn: () => Promise<void> = async () => {};
  #full = false;

  /** @param limit - How many events the producer may queue before it must hold back. */
  constructor(limit: number) {
    this.#limit = limit;
  }

  /** Events waiting. */
  get size(): number {
    return this.#items.length - this.#head;
  }

  /** Whether the producer may queue more without going past the limit. */
  get hasRoom(): boolean {
    const room = this.size < this.#limit;
    if (!room) this.#full = true;
    return room;
  }

  /** Whether the queue has ended (consumer gone, or `end`/`fail` called). */
  get ended(): boolean {
    return this.#done || this.#error !== undefined;
  }

  /** Queues one event, or hands it straight to a waiting consumer. */
  push(item: T): void {
    if (this.ended) return;
    if (this.#waiter !== undefined) {
      const waiter = this.#waiter;
      this.#waiter = undefined;
      waiter.resolve({ value: item, done: false });
      return;
    }
    this.#items.push(item);
  }

  /** Ends the iteration after the queued events. */
  end(): void {
    if (this.ended) return;
    this.#done = true;
    this.#settleWaiter();
  }

  /** Ends the iteration with `error` after the queued events. */
  fail(error: unknown): void {
    if (this.ended) return;
    this.#error = { value: error };
    this.#settleWaiter();
  }

  next(): Promise<IteratorResult<T>> {
    if (this.size > 0) {
      const value = this.#items[this.#head] as T;
      this.#items[this.#head] = undefined as T;
      this.#head++;
      if (this.#head > 1024 && this.#head * 2 > this.#items.length) {
        this.#items = this.#items.slice(this.#head);
        this.#head = 0;
      }
      if (this.#full && this.size <= this.#limit / 2) {
        this.#full = false;
        this.onRoom();
      }
      return Promise.resolve({ value, done: false });
    }
    if (this.#error !== undefined) {
      const { value } = this.#error;
      this.#error = undefined;
      this.#done = true;
      return Promise.reject(value);
    }
    if (this.#done) return Promise.resolve({ value: undefined, done: true });
    if (this.#full) {
      this.#full = false;
      this.onRoom();
    }
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
    if (!wasEnded) await this.onReturn();
    return { value: undefined, done: true };
  }

  [Symbol.asyncIterator](): this {
    return this;
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
