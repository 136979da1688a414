import type { Log, LogEvent } from "chainkit/evm";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { reorgChain, snapshotChain } from "../../src/sandbox/evm/reorg.js";
import {
  deployEmitter,
  EMITTED_TOPIC,
  emit,
  headNumber,
  startNode,
  type TestNode,
  take,
  until,
} from "./support.js";

let node: TestNode;
let emitter: string;
beforeAll(async () => {
  node = await startNode();
  emitter = await deployEmitter(node.evm);
});
afterAll(() => node.close());
afterEach(() => until(() => node.ws.subscriptions === 0));

const filter = () => ({ address: emitter, topics: [EMITTED_TOPIC] });
const logsOf = (events: LogEvent[]) => events.map((event) => event.log);
/** What identifies a log on the chain, and whether it was taken back. */
const idOf = (log: Log) => `${log.blockHash}:${log.logIndex}${log.removed ? " removed" : ""}`;

/** The logs the chain holds for the filter between two blocks, straight from the chain. */
async function chainLogs(from: number, to: number): Promise<string[]> {
  const logs = (await node.evm.provider.request({
    method: "eth_getLogs",
    params: [{ ...filter(), fromBlock: `0x${from.toString(16)}`, toBlock: `0x${to.toString(16)}` }],
  } as never)) as Log[];
  return logs.map(idOf);
}

/** A live logs subscription that has read two logs emitted after a saved fork point. */
async function twoLogsAfterFork() {
  const subscription = node.live().subscribe("logs", filter());
  await until(() => node.ws.subscriptions > 0);
  const fork = await snapshotChain(node.evm.provider);
  await emit(node.evm, emitter, 1);
  await emit(node.evm, emitter, 2);
  const before = logsOf(await take(subscription, (events) => events.length === 2, { keep: true }));
  return { subscription, fork, before };
}

describe("logs", () => {
  test("every matching log after the subscription, in order, once, across forced drops; others filtered out", async () => {
    const live = node.live();
    const start = await headNumber(node.evm);
    const subscription = live.subscribe("logs", filter());
    const reading = take(subscription, (events) => events.length === 12);
    await until(() => node.ws.subscriptions > 0);
    const other = await deployEmitter(node.evm); // same topic, another address: not in the filter
    for (let value = 1; value <= 12; value++) {
      await emit(node.evm, emitter, value);
      await emit(node.evm, other, value);
      if (value % 3 === 0) node.ws.dropAll();
    }
    const got = logsOf(await reading);
    expect(got.map((log) => Number(log.data))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(got.map(idOf)).toEqual(await chainLogs(start + 1, await headNumber(node.evm)));
  });

  test("fromBlock: the past logs first, fetched in windows of 50 blocks, then the live ones", async () => {
    const first = (await headNumber(node.evm)) + 1;
    await emit(node.evm, emitter, 100);
    for (let i = 0; i < 60; i++) await node.evm.mine(); // more than one 50-block window
    await emit(node.evm, emitter, 101);
    const live = node.live();
    const subscription = live.subscribe("logs", filter(), { fromBlock: first });
    const reading = take(subscription, (events) => events.length === 3);
    await until(() => node.ws.subscriptions > 0);
    await emit(node.evm, emitter, 102);
    expect(logsOf(await reading).map((log) => Number(log.data))).toEqual([100, 101, 102]);
  });

  test("a reorg while connected: the node sends the removed logs again with removed: true, then the new branch's", async () => {
    const { subscription, fork, before } = await twoLogsAfterFork();
    await reorgChain(node.evm.provider, fork, 1, (hashes) => node.ws.orphaned(hashes));
    await emit(node.evm, emitter, 3);
    const after = logsOf(await take(subscription, (events) => events.length === 3));
    expect(after.map(idOf)).toEqual([
      `${idOf(before[1] as Log)} removed`,
      `${idOf(before[0] as Log)} removed`,
      ...(await chainLogs(Number(fork.number) + 1, await headNumber(node.evm))),
    ]);
    expect(Number(after[2]?.data)).toBe(3);
  });

  test("a reorg while disconnected is found when the client catches up: removed logs newest first, then the new branch's", async () => {
    const { subscription, fork, before } = await twoLogsAfterFork();
    node.server.setFaults({ upgradeRefuse: 1 });
    node.ws.dropAll();
    await reorgChain(node.evm.provider, fork, 1); // no subscriber hears of it
    await emit(node.evm, emitter, 3);
    node.server.setFaults({});
    const after = logsOf(await take(subscription, (events) => events.length === 3));
    expect(after.map(idOf)).toEqual([
      `${idOf(before[1] as Log)} removed`,
      `${idOf(before[0] as Log)} removed`,
      ...(await chainLogs(Number(fork.number) + 1, await headNumber(node.evm))),
    ]);
  });

  test("a slow consumer: at most maxBuffered logs held (plus one window), and every log in order", async () => {
    const live = node.live();
    const subscription = live.subscribe("logs", filter(), { maxBuffered: 5 });
    await until(() => node.ws.subscriptions > 0);
    let most = 0;
    for (let value = 1; value <= 40; value++) {
      await emit(node.evm, emitter, value);
      most = Math.max(most, subscription.buffered);
    }
    await until(() => subscription.buffered >= 5);
    const got: number[] = [];
    for await (const { log } of subscription) {
      got.push(Number(log.data));
      most = Math.max(most, subscription.buffered);
      if (got.length === 40) break;
    }
    expect(most).toBeLessThanOrEqual(5 + 50);
    expect(got).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });
});
