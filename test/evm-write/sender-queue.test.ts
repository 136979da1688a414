import { describe, expect, it } from "vitest";
import { MEMPOOL_NONCE_WINDOW } from "../../src/evm/limits.js";
import { createSenderQueue } from "../../src/evm/write/sender-queue.js";

/**
 * The per-sender queue against an in-memory chain that mines only when told to, as a chain whose
 * blocks come slower than the sends: the window must hold back the 9th transaction until one is mined.
 */
function slowChain(start: bigint) {
  let mined = start;
  const sent: bigint[] = [];
  let worstInFlight = 0;
  let wake: (() => void) | undefined;
  return {
    sent,
    worst: () => worstInFlight,
    mineOne: () => {
      if (mined < start + BigInt(sent.length)) mined++;
      wake?.();
    },
    chain: {
      minedCount: async () => mined,
      // A poll waits for the next block instead of a timer.
      sleep: () =>
        new Promise<void>((resolve) => {
          wake = resolve;
        }),
    },
    send: async (nonce: bigint) => {
      sent.push(nonce);
      worstInFlight = Math.max(worstInFlight, Number(start + BigInt(sent.length) - mined));
      return nonce;
    },
  };
}

describe("the sender queue", () => {
  it("gives a burst unique consecutive nonces and never more than 8 in flight", async () => {
    const chain = slowChain(5n);
    const queue = createSenderQueue(chain.chain);
    const all = Promise.all(Array.from({ length: 30 }, () => queue.run(chain.send)));
    // Let the first window go out, then mine one block at a time.
    for (let i = 0; i < 200 && chain.sent.length < 30; i++) {
      await new Promise((resolve) => setImmediate(resolve));
      if (chain.sent.length >= MEMPOOL_NONCE_WINDOW) chain.mineOne();
    }
    expect(await all).toEqual(Array.from({ length: 30 }, (_, i) => 5n + BigInt(i)));
    expect(chain.worst()).toBe(MEMPOOL_NONCE_WINDOW);
  });

  it("holds the 9th until one is mined", async () => {
    const chain = slowChain(0n);
    const queue = createSenderQueue(chain.chain);
    const sends = Array.from({ length: 9 }, () => queue.run(chain.send));
    await Promise.all(sends.slice(0, 8));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(chain.sent).toHaveLength(8);
    chain.mineOne();
    expect(await sends[8]).toBe(8n);
  });

  it("a failed task leaves its nonce to the next one", async () => {
    const chain = slowChain(0n);
    const queue = createSenderQueue(chain.chain);
    const failed = queue.run(async () => {
      throw new Error("refused");
    });
    const next = queue.run(chain.send);
    await expect(failed).rejects.toThrow("refused");
    expect(await next).toBe(0n);
  });

  it("starts from the chain's count, and catches up when another program sent meanwhile", async () => {
    let count = 3n;
    const queue = createSenderQueue({ minedCount: async () => count });
    expect(await queue.run(async (nonce) => nonce)).toBe(3n);
    count = 10n; // mined elsewhere with the same key
    expect(await queue.run(async (nonce) => nonce)).toBe(10n);
  });
});
