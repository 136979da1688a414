import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deferredSubscription } from "../../src/evm/live/deferred-subscription.js";
import { EventQueue } from "../../src/evm/live/event-queue.js";
import type { LiveSubscription } from "../../src/evm/live/live-methods.js";
import { startNode, type TestNode } from "./support.js";

/** A real subscription's stand-in: an event queue with the subscription's fields. */
function queueSubscription(): { queue: EventQueue<number>; subscription: LiveSubscription<number> } {
  const queue = new EventQueue<number>(10);
  const subscription = Object.defineProperties(queue, {
    kind: { value: "newHeads" },
    buffered: { get: () => queue.size },
    unsubscribe: { value: async () => void (await queue.return()) },
  }) as EventQueue<number> & LiveSubscription<number>;
  return { queue, subscription };
}

/** A start that resolves when the test says so. */
function heldStart<T>(): {
  start: () => Promise<T>;
  release: (value: T) => void;
  fail: (error: unknown) => void;
} {
  let release!: (value: T) => void;
  let fail!: (error: unknown) => void;
  const started = new Promise<T>((resolve, reject) => {
    release = resolve;
    fail = reject;
  });
  return { start: () => started, release, fail };
}

describe("deferredSubscription", () => {
  it("hands out a subscription at once; reads wait for the real one and then come from it", async () => {
    const { queue, subscription } = queueSubscription();
    const held = heldStart<LiveSubscription<number>>();
    const deferred = deferredSubscription("newHeads", held.start);
    expect(deferred.kind).toBe("newHeads");
    expect(deferred.buffered).toBe(0);
    const first = deferred.next();
    queue.push(1);
    queue.push(2);
    held.release(subscription);
    expect(await first).toEqual({ value: 1, done: false });
    expect(deferred.buffered).toBe(1);
    queue.end();
    const seen: number[] = [];
    for await (const value of deferred) seen.push(value);
    expect(seen).toEqual([2]);
  });

  it("ends the real subscription once it exists when ended before, so it never starts following", async () => {
    const { queue, subscription } = queueSubscription();
    const held = heldStart<LiveSubscription<number>>();
    const deferred = deferredSubscription("newHeads", held.start);
    const stopped = deferred.unsubscribe();
    expect(queue.ended).toBe(false);
    held.release(subscription);
    await stopped;
    expect(queue.ended).toBe(true);
    expect(await deferred.next()).toEqual({ value: undefined, done: true });
  });

  it("throws why the code did not load on the first read, then is over", async () => {
    const held = heldStart<LiveSubscription<number>>();
    const deferred = deferredSubscription("logs", held.start);
    held.fail(new TypeError("Failed to fetch dynamically imported module"));
    await expect(deferred.next()).rejects.toThrow("Failed to fetch dynamically imported module");
    expect(await deferred.next()).toEqual({ value: undefined, done: true });
    expect(await deferred.return?.()).toEqual({ value: undefined, done: true });
  });
});

describe("a live client's subscriptions while their code loads", () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startNode();
  });
  afterAll(() => node.close());

  it("a subscription ended before its code loaded leaves nothing subscribed; a later one is served", async () => {
    const live = node.live();
    try {
      const first = live.subscribe("newHeads");
      await first.unsubscribe();
      expect(await first.next()).toEqual({ value: undefined, done: true });
      const heads = live.subscribe("newHeads");
      // Mined until the subscription is up and sees a block.
      const miner = setInterval(() => void node.evm.mine(), 50);
      const event = await heads.next().finally(() => clearInterval(miner));
      expect(event.value?.type).toBe("head");
      expect(node.ws.subscriptions).toBe(1);
      await heads.unsubscribe();
    } finally {
      await live.close();
    }
  });

  it("a subscription still starting when the client closes ends with AbortError and opens no socket", async () => {
    const live = node.live();
    // A filter is checked before the hub loads, so close() lands while the subscription is starting.
    const logs = live.subscribe("logs", { address: "0x000000000000000000000000000000000000dEaD" });
    await live.close();
    await expect(logs.next()).rejects.toMatchObject({ name: "AbortError" });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(node.ws.connections).toBe(0);
  });

  it("a subscription asked of a closed client fails its first read with AbortError, then ends, and opens no socket", async () => {
    const live = node.live();
    await live.close();
    const heads = live.subscribe("newHeads");
    await expect(heads.next()).rejects.toMatchObject({
      name: "AbortError",
      cause: "the client was closed",
    });
    expect(await heads.next()).toEqual({ value: undefined, done: true });
    expect(node.ws.connections).toBe(0);
  });
});
