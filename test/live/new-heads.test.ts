import { AbortError, type NewHeadsEvent, type ReorgEvent } from "chainkit/evm";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { reorgChain, snapshotChain } from "../../src/sandbox/evm/reorg.js";
import { chainHashes, headNumber, startNode, type TestNode, take, until } from "./support.js";

let node: TestNode;
beforeAll(async () => {
  node = await startNode();
});
afterAll(() => node.close());
// Each test starts with no subscription on the node, so "subscribed" means this test's one.
afterEach(() => until(() => node.ws.subscriptions === 0));

const heads = (events: NewHeadsEvent[]) =>
  events.flatMap((event) => (event.type === "head" ? [event.head] : []));

/** Mines `count` blocks, one at a time. */
async function mine(count: number): Promise<void> {
  for (let i = 0; i < count; i++) await node.evm.mine();
}

describe("newHeads", () => {
  test("every head after the subscription, in order, each once, the same as the chain", async () => {
    const live = node.live();
    const start = await headNumber(node.evm);
    const subscription = live.subscribe("newHeads");
    const reading = take(subscription, (events) => heads(events).length === 8);
    await until(() => node.ws.subscriptions > 0);
    await mine(8);
    const got = heads(await reading);
    expect(got.map((head) => head.hash)).toEqual(await chainHashes(node.evm, start + 1, start + 8));
    expect(got[0]).not.toHaveProperty("transactions");
  });

  test("forced drops between blocks: after each reconnect the missed heads come first, none twice, none lost", async () => {
    const live = node.live();
    const start = await headNumber(node.evm);
    const subscription = live.subscribe("newHeads");
    const total = 40;
    const reading = take(subscription, (events) => heads(events).length === total);
    await until(() => node.ws.subscriptions > 0);
    for (let round = 0; round < 8; round++) {
      await mine(2);
      node.ws.dropAll();
      await mine(3); // mined while the client is away
    }
    const got = heads(await reading);
    expect(got.map((head) => head.hash)).toEqual(await chainHashes(node.evm, start + 1, start + total));
  });

  test("a reorg while connected is a reorg event naming the removed heads, then the new branch", async () => {
    const live = node.live();
    const subscription = live.subscribe("newHeads");
    await until(() => node.ws.subscriptions > 0);
    const fork = await snapshotChain(node.evm.provider);
    await mine(2);
    const reorg = await reorgChain(node.evm.provider, fork, 3);
    const events = await take(subscription, (all) => heads(all).length === 5);
    const reported = events.find((event): event is ReorgEvent => event.type === "reorg");
    expect(reported).toMatchObject({ depth: 2, ancestor: { number: `0x${fork.number.toString(16)}` } });
    expect(reported?.removed.map((head) => head.hash)).toEqual(reorg.removed);
    expect(events.map((event) => event.type)).toEqual(["head", "head", "reorg", "head", "head", "head"]);
    expect(
      heads(events)
        .slice(2)
        .map((head) => head.hash),
    ).toEqual(reorg.added);
  });

  test("a reorg while disconnected is found on reconnect: reorg event first, then the new branch", async () => {
    const live = node.live();
    const subscription = live.subscribe("newHeads");
    await until(() => node.ws.subscriptions > 0);
    const fork = await snapshotChain(node.evm.provider);
    await mine(2);
    const before = heads(await take(subscription, (all) => heads(all).length === 2, { keep: true }));
    node.server.setFaults({ upgradeRefuse: 1 });
    node.ws.dropAll();
    const reorg = await reorgChain(node.evm.provider, fork, 4);
    node.server.setFaults({});
    const after = await take(subscription, (all) => heads(all).length === 4);
    expect(after[0]).toMatchObject({ type: "reorg", depth: 2 });
    expect((after[0] as ReorgEvent).removed.map((head) => head.hash)).toEqual(
      before.map((head) => head.hash).reverse(),
    );
    expect(heads(after).map((head) => head.hash)).toEqual(reorg.added);
  });

  test("a stalled connection is replaced by the keep-alive and the heads keep coming", async () => {
    const live = node.live();
    const start = await headNumber(node.evm);
    const subscription = live.subscribe("newHeads");
    const reading = take(subscription, (events) => heads(events).length === 6);
    await until(() => node.ws.subscriptions > 0);
    await mine(2);
    node.ws.stallAll();
    await mine(4);
    const got = heads(await reading);
    expect(got.map((head) => head.hash)).toEqual(await chainHashes(node.evm, start + 1, start + 6));
  });

  test("fromBlock: past heads first, fetched in windows, then the live ones", async () => {
    const live = node.live();
    const head = await headNumber(node.evm);
    const subscription = live.subscribe("newHeads", { fromBlock: 1 });
    const reading = take(subscription, (events) => heads(events).length === head + 2);
    await until(() => node.ws.subscriptions > 0);
    await mine(2);
    const got = heads(await reading);
    expect(got.map((h) => h.hash)).toEqual(await chainHashes(node.evm, 1, head + 2));
  });

  test("verifyHeads recomputes each hash before delivering it", async () => {
    const live = node.live();
    const subscription = live.subscribe("newHeads", { verifyHeads: true });
    const reading = take(subscription, (events) => heads(events).length === 3);
    await until(() => node.ws.subscriptions > 0);
    await mine(3);
    expect(heads(await reading)).toHaveLength(3);
  });
});

describe("a consumer slower than the chain", () => {
  test("holds at most maxBuffered events (plus one window) and still gets every head, in order", async () => {
    const live = node.live();
    const start = await headNumber(node.evm);
    const subscription = live.subscribe("newHeads", { maxBuffered: 10 });
    await until(() => node.ws.subscriptions > 0);
    let most = 0;
    for (let i = 0; i < 150; i++) {
      await node.evm.mine();
      most = Math.max(most, subscription.buffered);
    }
    await until(() => subscription.buffered >= 10);
    expect(most).toBeLessThanOrEqual(10 + 50);
    const got: string[] = [];
    for await (const event of subscription) {
      if (event.type === "head") got.push(event.head.hash);
      most = Math.max(most, subscription.buffered);
      await new Promise((resolve) => setImmediate(resolve));
      if (got.length === 150) break;
    }
    expect(most).toBeLessThanOrEqual(10 + 50);
    expect(got).toEqual(await chainHashes(node.evm, start + 1, start + 150));
  });
});

describe("ending a subscription", () => {
  test.each([
    [
      "break",
      async (subscription: AsyncIterableIterator<unknown>) => {
        for await (const _ of subscription) break;
      },
    ],
    [
      "return()",
      async (subscription: AsyncIterableIterator<unknown>) => {
        await subscription.next();
        await subscription.return?.();
      },
    ],
  ])("%s stops the node subscription", async (_, stop) => {
    const live = node.live();
    const before = node.ws.subscriptions;
    const subscription = live.subscribe("newHeads");
    await until(() => node.ws.subscriptions === before + 1);
    const stopping = stop(subscription);
    await node.evm.mine();
    await stopping;
    await until(() => node.ws.subscriptions === before);
  });

  test("an abort signal ends the iteration with an AbortError and stops the node subscription", async () => {
    const live = node.live();
    const before = node.ws.subscriptions;
    const controller = new AbortController();
    const subscription = live.subscribe("newHeads", { signal: controller.signal });
    await until(() => node.ws.subscriptions === before + 1);
    setTimeout(() => controller.abort(), 20);
    await expect(subscription.next()).rejects.toBeInstanceOf(AbortError);
    await until(() => node.ws.subscriptions === before);
  });

  test("close() ends every subscription's iteration", async () => {
    const live = node.live();
    const subscription = live.subscribe("newHeads");
    const pending = subscription.next();
    await until(() => node.ws.subscriptions > 0);
    await live.close();
    await expect(pending).resolves.toEqual({ value: undefined, done: true });
  });

  test("watch delivers events to a callback and stops with the returned function", async () => {
    const live = node.live();
    const seen: string[] = [];
    const stop = live.watch("newHeads", {
      onEvent: (event) => {
        if (event.type === "head") seen.push(event.head.number);
      },
    });
    await until(() => node.ws.subscriptions > 0);
    await mine(2);
    await until(() => seen.length === 2);
    await stop();
    await mine(1);
    expect(seen).toHaveLength(2);
  });
});
