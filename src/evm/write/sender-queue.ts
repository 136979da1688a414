import { MEMPOOL_NONCE_WINDOW } from "../limits.js";

/** How often the sender's mined nonce is read again while its window is full, in milliseconds. */
export const NONCE_WINDOW_POLL_MS = 250;

/** What a {@link SenderQueue} reads from the chain. */
export interface SenderChain {
  /** The sender's mined transaction count (`eth_getTransactionCount(address, "latest")`). */
  minedCount(): Promise<bigint>;
  /** Waits before the count is read again (a timer; tests may pass their own). */
  sleep?(ms: number): Promise<void>;
}

/** One sender's transactions, sent one after another in nonce order. */
export interface SenderQueue {
  /**
   * Runs `task` with the sender's next nonce once every earlier task has settled and fewer than
   * {@link MEMPOOL_NONCE_WINDOW} of its transactions are in flight (sent, not yet mined). The nonce
   * counts as used when the task resolves; a task that throws leaves it for the next one.
   */
  run<T>(task: (nonce: bigint) => Promise<T>): Promise<T>;
  /** Nonces handed out and not yet known to be mined. */
  inFlight(): number;
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Creates a sender's queue. The first task reads the mined count (on HyperEVM `pending` is answered
 * as `latest`, so a count that the chain gives is all it knows), later ones count on from there, so a
 * burst of concurrent sends gets unique, consecutive nonces. The count is read again when the window
 * is full (until one is mined), when a task starts on an idle queue (another program may have sent
 * from the same key meanwhile), and after a task failed.
 *
 * @param chain - Reads the mined count; optional sleep.
 * @param window - In-flight limit (default {@link MEMPOOL_NONCE_WINDOW}).
 * @returns The queue.
 * @example
 * const queue = createSenderQueue({ minedCount: async () => BigInt(await evm.eth_getTransactionCount(address, "latest")) });
 * const hash = await queue.run(async () => evm.eth_sendRawTransaction(signed));
 */
export function createSenderQueue(chain: SenderChain, window = MEMPOOL_NONCE_WINDOW): SenderQueue {
  const sleep = chain.sleep ?? sleepFor;
  let next: bigint | undefined;
  let mined = 0n;
  let refresh = true;
  let waiting = 0;
  let tail: Promise<void> = Promise.resolve();

  async function nonceInWindow(): Promise<bigint> {
    if (next === undefined || refresh) {
      mined = await chain.minedCount();
      next = next === undefined || mined > next ? mined : next;
      refresh = false;
    }
    // Full: look again at once (blocks may have come since the last look), then every poll interval.
    for (let looks = 0; next >= mined + BigInt(window); looks++) {
      if (looks > 0) await sleep(NONCE_WINDOW_POLL_MS);
      mined = await chain.minedCount();
    }
    return next;
  }

  return {
    inFlight: () => (next === undefined || next < mined ? 0 : Number(next - mined)),
    run<T>(task: (nonce: bigint) => Promise<T>): Promise<T> {
      const previous = tail;
      let release = () => {};
      tail = new Promise<void>((resolve) => {
        release = resolve;
      });
      waiting++;
      return previous.then(async () => {
        waiting--;
        try {
          const nonce = await nonceInWindow();
          const result = await task(nonce);
          next = nonce + 1n;
          // Idle after this one: the next send, whenever it comes, checks the chain first.
          if (waiting === 0) refresh = true;
          return result;
        } catch (error) {
          refresh = true;
          throw error;
        } finally {
          release();
        }
      });
    },
  };
}
