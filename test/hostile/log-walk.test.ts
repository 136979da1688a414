import { createEvmClient, type Log, ResponseValidationError } from "chainkit/evm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { type HostileServer, startHostileServer } from "../support/hostile-server.js";

// Issue 42, item 8: evm.logs({ address, topics }) passed on whatever eth_getLogs answered: logs of
// other contracts and events, of blocks outside the window asked for, and the same log twice.

const TOKEN = "hostile-logs-token-4f0a6b";
const OURS = `0x${"aa".repeat(20)}`;
const TRANSFER = `0x${"dd".repeat(32)}`;

function log(block: number, index: number, change: Partial<Log> = {}): Log {
  return {
    address: OURS,
    topics: [TRANSFER],
    data: "0x",
    blockNumber: `0x${block.toString(16)}`,
    blockHash: `0x${block.toString(16).padStart(64, "b")}`,
    transactionHash: `0x${"cc".repeat(32)}`,
    transactionIndex: "0x0",
    logIndex: `0x${index.toString(16)}`,
    removed: false,
    ...change,
  } as Log;
}

/** What the node answers eth_getLogs with, per window, by its fromBlock. */
let answer: (fromBlock: bigint) => Log[] = () => [];
let node: HostileServer;
beforeAll(async () => {
  node = await startHostileServer((request, response) => {
    const call = JSON.parse(request.text) as { id: number; method: string; params: [{ fromBlock: string }] };
    const result = call.method === "eth_blockNumber" ? "0x63" : answer(BigInt(call.params[0].fromBlock));
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ jsonrpc: "2.0", id: call.id, result }));
  });
});
afterAll(() => node.close());

async function walk(): Promise<Log[] | unknown> {
  const evm = createEvmClient({ url: node.url, credentials: { token: TOKEN }, retry: false, batch: false });
  const logs: Log[] = [];
  try {
    for await (const one of evm.logs({ address: OURS, topics: [TRANSFER], fromBlock: 0n, toBlock: 99n })) {
      logs.push(one);
    }
  } catch (error) {
    return error;
  }
  return logs;
}

test.each([
  ["another contract's log", log(3, 1, { address: `0x${"ee".repeat(20)}` }), "/result/1/address"],
  ["another event's log", log(3, 1, { topics: [`0x${"ff".repeat(32)}`] }), "/result/1/topics/0"],
  ["a log of a block outside the window", log(60, 1), "/result/1/blockNumber"],
  ["a log without a block", log(3, 1, { blockNumber: null }), "/result/1/blockNumber"],
])("%s ends the walk with a ResponseValidationError naming it", async (_, stray, pointer) => {
  answer = (from) => (from === 0n ? [log(3, 0), stray] : []);
  const error = await walk();
  expect(error).toBeInstanceOf(ResponseValidationError);
  expect((error as ResponseValidationError).issues[0]?.pointer).toBe(pointer);
});

test("a log repeated in a window is given once; every log comes from its own window", async () => {
  answer = (from) => (from === 0n ? [log(3, 0), log(3, 0), log(4, 2), log(3, 0)] : [log(70, 0), log(70, 0)]);
  const logs = (await walk()) as Log[];
  expect(logs.map((one) => [one.blockNumber, one.logIndex])).toEqual([
    ["0x3", "0x0"],
    ["0x4", "0x2"],
    ["0x46", "0x0"],
  ]);
});
