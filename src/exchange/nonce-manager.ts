/** Hands out the nonces of one signer. */
export interface NonceManager {
  /** The next nonce: the current time in milliseconds, or one more than the last nonce if that is later. */
  next(): number;
}

/**
 * Creates a nonce source that never repeats and never goes back: `max(now(), last + 1)`. The exchange
 * refuses a nonce it has seen from the same signer, so two requests in one millisecond must not share
 * one. `next()` is synchronous, so concurrent calls in one process cannot collide.
 *
 * @param now - The clock, in milliseconds (default `Date.now`).
 * @returns A nonce manager.
 * @example
 * const nonces = createNonceManager();
 * nonces.next(); // 1754922717871
 * nonces.next(); // 1754922717872 (same millisecond)
 */
export function createNonceManager(now: () => number = Date.now): NonceManager {
  let last = 0;
  return {
    next() {
      last = Math.max(now(), last + 1);
      return last;
    },
  };
}

// One manager per signer address, shared by every client in this process that signs with it.
const managers = new Map<string, NonceManager>();

/**
 * The process-wide nonce manager of a signer, so several clients using the same key still get
 * distinct, increasing nonces.
 *
 * @param address - The signer's address (any case).
 * @returns The manager for that address, created on first use.
 * @example
 * nonceManagerFor(signer.address).next();
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
