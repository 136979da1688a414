/**
 * A long run, bounded: a few thousand blocks mined as fast as ganache goes, with the WebSocket failing
 * all along (dropped sockets, stalled ones, refused upgrades, from a fixed seed). Every head must
 * arrive once and in order, the same as the chain.
 */
import type { NewHeadsEvent } from "chainkit/evm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { chainHashes, headNumber, startNode, type TestNode, take, until } from "./support.js";

const BLOCKS = 3000;
const BATCH = 100;

let node: TestNode;
beforeAll(async () => {
  node = await startNode();
});
afterAll(() => node.close());

test(`${BLOCKS} blocks with faults on: none lost, none twice, in chain order`, {
  timeout: 60_000,
}, async () => {
  const live = node.live();
  const start = await headNumber(node.evm);
  const heads = live.subscribe("newHeads");
  const reading = take(heads, (events) => events.length >= BLOCKS, { ms: 50_000 });
  await until(() => node.ws.subscriptions > 0);
  node.server.setFaults({ socketDrop: 0.003, socketStall: 0.0005, upgradeRefuse: 0.2, seed: 42 });
  const upgradesBefore = node.server.requestCount;
  for (let mined = 0; mined < BLOCKS; mined += BATCH) {
    await node.evm.provider.request({ method: "evm_mine", params: [{ blocks: BATCH }] } as never);
  }
  const events: NewHeadsEvent[] = await reading;
  node.server.setFaults({});
  expect(events.every((event) => event.type === "head")).toBe(true);
  const got = events.flatMap((event) => (event.type === "head" ? [event.head.hash] : []));
  expect(got).toEqual(await chainHashes(node.evm, start + 1, start + BLOCKS));
  // The faults did happen: the client had to dial again several times.
  expect(node.server.requestCount - upgradesBefore).toBeGreaterThan(3);
});
