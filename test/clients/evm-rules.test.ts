import { createEvmClient, RequestValidationError } from "chainkit/evm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LoopbackServer, startLoopbackServer } from "../support/loopback-server.js";

// HyperEVM's rules are refused before anything is sent, naming the parameter; what they allow goes
// out exactly as written.

interface Envelope {
  id: number;
  method: string;
  params: unknown[];
}

const ADDRESS = "0x7dcd17433742f4c0ca53122ab541d0ba67fc27df";
const BLOCK_HASH = "0xd226371d0b1551adb03fb52b71f08e3e11247fe9b1af994768af8cdaa8e7dcd7";
const RESULTS: Record<string, unknown> = {
  eth_getLogs: [],
  eth_getBalance: "0x76",
  eth_getTransactionCount: "0x1",
};

let node: LoopbackServer;
beforeAll(async () => {
  node = await startLoopbackServer((request) => {
    const body = request.json as Envelope | Envelope[];
    const answer = (call: Envelope) => ({
      jsonrpc: "2.0",
      id: call.id,
      result: RESULTS[call.method] ?? null,
    });
    return { body: Array.isArray(body) ? body.map(answer) : answer(body) };
  });
});
afterAll(() => node.close());

const client = () => createEvmClient({ url: node.url, credentials: { token: "rules-tok" } });

/** The calls that reached the node while `run` ran. */
async function sent(run: () => Promise<unknown>): Promise<Envelope[]> {
  const before = node.requests.length;
  await run();
  return node.requests.slice(before).flatMap((request) => request.json as Envelope | Envelope[]);
}

async function refusal(run: () => Promise<unknown>): Promise<RequestValidationError> {
  const before = node.requests.length;
  const error = await run().catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(RequestValidationError);
  expect(node.requests.length, "nothing was sent").toBe(before);
  return error as RequestValidationError;
}

describe("eth_getLogs block range", () => {
  it("sends a range of 50 blocks, and ranges with a tag at either end", async () => {
    const filters = [
      { fromBlock: "0x1", toBlock: "0x32" },
      { fromBlock: "0x1", toBlock: "latest" },
      { fromBlock: "earliest", toBlock: "0x1000" },
      { fromBlock: "0x40", toBlock: "0x3f" },
      { blockHash: BLOCK_HASH },
    ];
    for (const filter of filters) {
      expect((await sent(() => client().eth_getLogs(filter)))[0]?.params).toEqual([filter]);
    }
  });

  it("refuses 51 blocks before sending, naming toBlock and saying how to fix it", async () => {
    const error = await refusal(() => client().eth_getLogs({ fromBlock: "0x1", toBlock: "0x33" }));
    expect(error.field).toBe("/params/0/toBlock");
    expect(error.message).toMatch(
      /a range of 51 blocks.*at most 50 blocks per eth_getLogs call.*split the range/,
    );
  });

  it("refuses it in request(), in an explicit batch and in an automatic batch alike", async () => {
    const evm = client();
    const wide = { fromBlock: "0x0", toBlock: "0x1000" };
    expect((await refusal(() => evm.request("eth_getLogs", [wide]))).field).toBe("/params/0/toBlock");
    const batched = await refusal(() =>
      evm.batch([
        { method: "eth_chainId", params: [] },
        { method: "eth_getLogs", params: [wide] },
      ]),
    );
    expect(batched.field).toBe("/1/params/0/toBlock");
    const [, automatic] = await Promise.allSettled([evm.eth_getLogs({}), evm.eth_getLogs(wide)]);
    expect(automatic.status === "rejected" && automatic.reason).toBeInstanceOf(RequestValidationError);
  });

  it("refuses a fifth topic position by the spec", async () => {
    const topic = `0x${"11".repeat(32)}`;
    const error = await refusal(() => client().eth_getLogs({ topics: [topic, null, null, null, topic] }));
    expect(error.field).toBe("/params/0/topics");
  });
});

describe("state methods read the latest block", () => {
  it("send latest, pending, or no block at all as given", async () => {
    const evm = client();
    const calls = await sent(async () => {
      await evm.eth_getBalance(ADDRESS, "latest");
      await evm.eth_getTransactionCount(ADDRESS, "pending");
      await evm.eth_getBalance(ADDRESS);
    });
    expect(calls.map((call) => call.params)).toEqual([[ADDRESS, "latest"], [ADDRESS, "pending"], [ADDRESS]]);
  });

  it("refuse a historical block before sending, naming it", async () => {
    const evm = client();
    for (const block of ["0x1", "earliest", "finalized", BLOCK_HASH]) {
      const error = await refusal(() => evm.eth_getBalance(ADDRESS, block as never));
      expect(error.field, block).toBe("/params/1");
    }
    const proof = await refusal(() => evm.eth_getProof(ADDRESS, [], "safe" as never));
    expect(proof.field).toBe("/params/2");
    const call = await refusal(() => evm.eth_call({ to: ADDRESS }, { blockHash: BLOCK_HASH } as never));
    expect(call.field).toBe("/params/1");
  });
});

describe("an address's EIP-55 checksum, checked before sending", () => {
  const checksummed = "0x7Dcd17433742F4c0Ca53122aB541D0Ba67fC27Df";
  const miscased = "0x7dCd17433742F4c0Ca53122aB541D0Ba67fC27Df";

  // The check (Keccak-256) loads on the first call that names an address with a capital letter;
  // the file's first such calls are these, so they wait for it.
  it("sends a right one as written, and calls made in one tick still in one request", async () => {
    const evm = client();
    const before = node.requests.length;
    const calls = await sent(() =>
      Promise.all([
        evm.eth_getBalance(checksummed, "latest"),
        evm.eth_getTransactionCount(checksummed, "latest"),
      ]),
    );
    expect(node.requests.length - before).toBe(1);
    expect(calls.map((call) => call.params[0])).toEqual([checksummed, checksummed]);
  });

  it("refuses a wrong one in a call and in a batch, naming it and the right address", async () => {
    const evm = client();
    const single = await refusal(() => evm.eth_getBalance(miscased, "latest"));
    expect(single.field).toBe("/params/0");
    expect(single.message).toContain(`use ${checksummed}`);
    const batched = await refusal(() =>
      evm.batch([
        { method: "eth_chainId", params: [] },
        { method: "eth_call", params: [{ to: miscased }, "latest"] },
      ]),
    );
    expect(batched.field).toBe("/1/params/0/to");
  });
});
