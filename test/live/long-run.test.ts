/**
 * A long run, bounded: a few thousand blocks mined as fast as the chain goes, some with logs, with the
 * WebSocket failing all along (dropped sockets, stalled ones, refused upgrades, from a fixed seed).
 * Every head and every log must arrive once and in order, the same as the chain.
 */
import type { Log, LogEvent, NewHeadsEvent } from "chainkit/evm";
import { afterAll, beforeAll, expect, test } from "vitest";
import {
  chainHashes,
  deployEmitter,
  EMITTED_TOPIC,
  emit,
  headNumber,
  startNode,
  type TestNode,
  take,
  until,
} from "./support.js";

const BATCHES = 30;
const BATCH = 100;

let node: TestNode;
let emitter: string;
beforeAll(async () => {
  node = await startNode();
  emitter = await deployEmitter(node.evm);
});
afterAll(() => node.close());

test(`${BATCHES * (BATCH + 1)} blocks with faults on: every head and log once, in chain order`, {
  timeout: 90_000,
}, async () => {
  const live = node.live();
  const start = await headNumber(node.evm);
  const blocks = BATCHES * (BATCH + 1); // each batch: BATCH empty blocks and one with a log
  const heads = live.subscribe("newHeads");
  const logs = live.subscribe("logs", { address: emitter, topics: [EMITTED_TOPIC] });
  const readingHeads = take(heads, (events) => events.length >= blocks, { ms: 80_000 });
  const readingLogs = take(logs, (events) => events.length >= BATCHES, { ms: 80_000 });
  await until(() => node.ws.subscriptions === 2);
  node.server.setFaults({ socketDrop: 0.003, socketStall: 0.0005, upgradeRefuse: 0.2, seed: 42 });
  const upgradesBefore = node.server.requestCount;
  for (let batch = 0; batch < BATCHES; batch++) {
    await node.evm.provider.request({ method: "evm_mine", params: [{ blocks: BATCH }] } as never);
    await emit(node.evm, emitter, batch);
  }
  const headEvents: NewHeadsEvent[] = await readingHeads;
  const logEvents: LogEvent[] = await readingLogs;
  node.server.setFaults({});

  expect(headEvents.every((event) => event.type === "head")).toBe(true);
  const hashes = headEvents.flatMap((event) => (event.type === "head" ? [event.head.hash] : []));
  expect(hashes).toEqual(await chainHashes(node.evm, start + 1, start + blocks));
  const onChain = (await node.evm.provider.request({
    method: "eth_getLogs",
    params: [{ address: emitter, fromBlock: `0x${(start + 1).toString(16)}`, toBlock: "latest" }],
  } as never)) as Log[];
  const id = (log: Log) => `${log.blockHash}:${log.logIndex}:${log.data}`;
  expect(logEvents.map((event) => id(event.log))).toEqual(onChain.map(id));
  expect(logEvents.map((event) => Number(event.log.data))).toEqual(
    Array.from({ length: BATCHES }, (_, i) => i),
  );
  // The faults did happen: the client had to dial again several times.
  expect(node.server.requestCount - upgradesBefore).toBeGreaterThan(3);
});
