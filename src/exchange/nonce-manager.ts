import { AbortError } from "../runtime/errors/abort-error.js";
import { ExchangeError } from "./errors/exchange-error.js";
import { type NonceSource, timeNonces } from "./nonce-source.js";

/**
 * Hands out the nonces of one signer and sends its requests one after another, in nonce order.
 *
 * The exchange keeps the 100 highest nonces of each signer and refuses a nonce below the smallest of
 * them, so a request overtaken by 100 later ones is refused as "nonce too low". Requests sent side by
 * side over several connections arrive in any order; sending them one at a time keeps a burst paced
 * instead of refused.
 */
export interface NonceManager {
  /** The next nonce from the manager's source (by default the current time in milliseconds, or one more than the last nonce if that is later). */
  next(): number;
  /**
   * Runs `task` with a fresh nonce once every earlier task of this signer has settled, so requests
   * leave (and reach the exchange) in nonce order. The nonce is taken when the task starts.
   *
   * @param task - Signs with the nonce and sends; its result is returned.
   * @param signal - Aborts the wait for a turn (a started task is aborted by its own means).
   */
  run<T>(task: (nonce: number) => Promise<T>, signal?: AbortSignal): Promise<T>;
}

/** One signer's queue in this process: the settling of its latest task, and its last nonce. */
interface SignerQueue {
  tail: Promise<void>;
  last: number;
}

/**
 * Creates a nonce source that never repeats and never goes back, `max(now(), last + 1)`, with a
 * queue that runs one signed request at a time. `next()` is synchronous, so concurrent calls in one
 * process cannot collide.
 *
 * @param now - The clock, in milliseconds (default `Date.now`).
 * @returns A nonce manager.
 * @example
 * const nonces = createNonceManager();
 * nonces.next(); // 1754922717871
 * nonces.next(); // 1754922717872 (same millisecond)
 * await nonces.run(async (nonce) => signL1Action({ signer, action, nonce, isMainnet: true }));
 */
export function createNonceManager(now: () => number = Date.now): NonceManager {
  return managerOf({ tail: Promise.resolve(), last: 0 }, timeNonces(now));
}

/** A manager taking nonces from `source` and running tasks on `queue`. */
function managerOf(queue: SignerQueue, source: NonceSource): NonceManager {
  const next = () => {
    const nonce = source(queue.last);
    if (!Number.isSafeInteger(nonce) || nonce <= queue.last) {
      throw new ExchangeError(
        `the nonce source gave ${String(nonce)}, which is not a whole number above the last nonce ${queue.last}: a nonce source must always give larger ones`,
      );
    }
    queue.last = nonce;
    return nonce;
  };
  return {
    next,
    run<T>(task: (nonce: number) => Promise<T>, signal?: AbortSignal): Promise<T> {
      if (signal?.aborted) return Promise.reject(new AbortError({ reason: signal.reason }));
      const previous = queue.tail;
      let release = () => {};
      queue.tail = new Promise<void>((resolve) => {
        release = resolve;
      });
      return new Promise<T>((resolve, reject) => {
        let waiting = true;
        const onAbort = () => {
          if (!waiting) return;
          waiting = false;
          reject(new AbortError({ reason: signal?.reason }));
        };
        signal?.addEventListener("abort", onAbort, { once: true });
        void previous.then(async () => {
          signal?.removeEventListener("abort", onAbort);
          // Aborted while queued: give the turn to the next task without taking a nonce.
          if (!waiting) return release();
          waiting = false;
          try {
            resolve(await task(next()));
          } catch (error) {
            reject(error);
          } finally {
            release();
          }
        });
      });
    },
  };
}

// One queue per signer address, shared by every client in this process that signs with it.
const queues = new Map<string, { queue: SignerQueue; manager: NonceManager }>();

/**
 * The process-wide nonce manager of a signer, so several clients using the same key still get
 * distinct, increasing nonces and send in nonce order. Other processes signing with the same key
 * count on their own: give each its own `source` (see {@link partitionedNonces}).
 *
 * @param address - The signer's address (any case).
 * @param source - Where the nonces come from (default: the clock, {@link timeNonces}); the queue
 *   and the last nonce are shared with every other manager of the address either way.
 * @returns The manager for that address, created on first use.
 * @example
 * await nonceManagerFor(await addressOfSigner(signer)).run(async (nonce) => signL1Action({ signer, action, nonce, isMainnet: true }));
 */
export function nonceManagerFor(address: string, source?: NonceSource): NonceManager {
  const key = address.toLowerCase();
  let shared = queues.get(key);
  if (!shared) {
    const queue: SignerQueue = { tail: Promise.resolve(), last: 0 };
    shared = { queue, manager: managerOf(queue, timeNonces()) };
    queues.set(key, shared);
  }
  return source === undefined ? shared.manager : managerOf(shared.queue, source);
}
