import { AbortError } from "../runtime/errors/abort-error.js";

/**
 * Hands out the nonces of one signer and sends its requests one after another, in nonce order.
 *
 * The exchange keeps the 100 highest nonces of each signer and refuses a nonce below the smallest of
 * them, so a request overtaken by 100 later ones is refused as "nonce too low". Requests sent side by
 * side over several connections arrive in any order; sending them one at a time keeps a burst paced
 * instead of refused.
 */
export interface NonceManager {
  /** The next nonce: the current time in milliseconds, or one more than the last nonce if that is later. */
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
  let last = 0;
  // Settles when the latest queued task has finished; each new task waits for it.
  let tail: Promise<void> = Promise.resolve();
  const next = () => {
    last = Math.max(now(), last + 1);
    return last;
  };
  return {
    next,
    run<T>(task: (nonce: number) => Promise<T>, signal?: AbortSignal): Promise<T> {
      if (signal?.aborted) return Promise.reject(new AbortError({ reason: signal.reason }));
      const previous = tail;
      let release = () => {};
      tail = new Promise<void>((resolve) => {
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

// One manager per signer address, shared by every client in this process that signs with it.
const managers = new Map<string, NonceManager>();

/**
 * The process-wide nonce manager of a signer, so several clients using the same key still get
 * distinct, increasing nonces and send in nonce order.
 *
 * @param address - The signer's address (any case).
 * @returns The manager for that address, created on first use.
 * @example
 * await nonceManagerFor(signer.address).run(async (nonce) => signL1Action({ signer, action, nonce, isMainnet: true }));
 */
export function nonceManagerFor(address: string): NonceManager {
  const key = address.toLowerCase();
  let manager = managers.get(key);
  if (!manager) {
    manager = createNonceManager();
    managers.set(key, manager);
  }
  return manager;
}
