import {
  type AccountProofInput,
  type BatchAnswer,
  type BatchCall,
  type BatchRpc,
  getVerifiedProof,
  ProofError,
  RequestValidationError,
} from "chainkit/evm";
import ganache, { type EthereumProvider } from "ganache";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { initCode, makeSlots } from "./storage-contract.js";

// ganache mines on a timer, so the head really moves while the tests run. Adapters over the real
// provider play the client's part; the lying and head-moving ones change answers on the way back.

const SLOTS = makeSlots(12);
let provider: EthereumProvider;
let contract: string;

interface JsonRpcReply {
  id: number;
  result?: unknown;
  error?: unknown;
}
type LegacySend = {
  send(payload: object[], callback: (err: unknown, replies?: JsonRpcReply[]) => void): void;
};

const request = <T>(method: string, params: unknown[] = []) =>
  provider.request({ method, params } as never) as Promise<T>;

/** The whole batch in one JSON-RPC batch request to ganache. */
function sendBatch(calls: BatchCall[]): Promise<BatchAnswer[]> {
  const payload = calls.map((call, id) => ({ jsonrpc: "2.0", id, ...call }));
  return new Promise((resolve, reject) => {
    (provider as unknown as LegacySend).send(payload, (err, replies) => {
      if (err || !replies) return reject(err);
      resolve(replies.map((reply) => ("error" in reply ? { error: reply.error } : { result: reply.result })));
    });
  });
}

/** Counts batches and lets a test change the answers. */
function adapter(change?: (answers: BatchAnswer[], batch: number) => Promise<BatchAnswer[]> | BatchAnswer[]) {
  const rpc = {
    batches: 0,
    async batch(calls: BatchCall[]) {
      rpc.batches++;
      const answers = await sendBatch(calls);
      return change ? change(answers, rpc.batches) : answers;
    },
  };
  return rpc satisfies BatchRpc;
}

/** Each call on its own, with a block mined after the first header: the head moves mid-batch. */
function movingHead(times: number) {
  const rpc = {
    batches: 0,
    async batch(calls: BatchCall[]) {
      rpc.batches++;
      const answers: BatchAnswer[] = [];
      for (const [i, call] of calls.entries()) {
        answers.push((await sendBatch([call]))[0] as BatchAnswer);
        if (i === 0 && rpc.batches <= times) await request("evm_mine");
      }
      return answers;
    },
  };
  return rpc satisfies BatchRpc;
}

async function waitFor<T>(read: () => Promise<T | null>): Promise<T> {
  for (;;) {
    const value = await read();
    if (value !== null) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  provider = ganache.provider({
    chain: { chainId: 999 },
    logging: { quiet: true },
    wallet: { deterministic: true },
    miner: { blockTime: 0.2 },
  });
  const [from] = await request<string[]>("eth_accounts");
  const hash = await request<string>("eth_sendTransaction", [
    { from, data: initCode(SLOTS), gas: "0x2dc6c0" },
  ]);
  const receipt = await waitFor(() =>
    request<{ contractAddress: string } | null>("eth_getTransactionReceipt", [hash]),
  );
  contract = receipt.contractAddress;
});

afterAll(async () => {
  await provider?.disconnect();
});

describe("getVerifiedProof against ganache mining on a timer", () => {
  it("returns verified slots with the header they were checked against, as the head advances", async () => {
    const rpc = adapter();
    const keys = SLOTS.map((slot) => slot.key);
    const first = await getVerifiedProof(rpc, contract, keys);
    expect(first.proof.storage.map(({ value }) => value)).toEqual(SLOTS.map(({ value }) => value));
    expect(first.blockHash).toBe(first.header.hash);
    expect(first.blockNumber).toBe(BigInt(first.header.number as string));

    // Wait for the timer to mine another block and ask again: the answer moves with the head.
    await waitFor(async () =>
      (await request<string>("eth_blockNumber")) !== first.header.number ? true : null,
    );
    const later = await getVerifiedProof(rpc, contract.toUpperCase().replace("0X", "0x"), keys.slice(0, 2));
    expect(later.blockNumber).toBeGreaterThan(first.blockNumber);
    expect(later.proof.address).toBe(contract.toLowerCase());
    expect(later.proof.storage.map(({ value }) => value)).toEqual(
      SLOTS.slice(0, 2).map(({ value }) => value),
    );
  });

  it("asks again when the head moves between the two headers", async () => {
    const rpc = movingHead(1);
    const result = await getVerifiedProof(rpc, contract, ["0x0", "0x7777"]);
    // At least the forced move; the timer may move the head again on the retry.
    expect(rpc.batches).toBeGreaterThanOrEqual(2);
    expect(result.proof.storage.map(({ exists }) => exists)).toEqual([true, false]);
  });

  it("gives up with a ProofError after maxAttempts when the head never holds still", async () => {
    const rpc = movingHead(Number.POSITIVE_INFINITY);
    await expect(getVerifiedProof(rpc, contract, [], { maxAttempts: 3 })).rejects.toMatchObject({
      name: "ProofError",
      subject: "header",
    });
    expect(rpc.batches).toBe(3);
  });

  it("rejects a node that lies about a slot value", async () => {
    const rpc = adapter((answers) => {
      const proof = (answers[1] as { result: AccountProofInput }).result;
      const storageProof = proof.storageProof.map((slot) => ({ ...slot, value: "0x2a" }));
      return [answers[0] as BatchAnswer, { result: { ...proof, storageProof } }, answers[2] as BatchAnswer];
    });
    await expect(getVerifiedProof(rpc, contract, ["0x1"])).rejects.toMatchObject({
      subject: "storageProof[0]",
      field: "value",
    });
  });

  it("rejects a header whose fields do not hash to its hash", async () => {
    const rpc = adapter((answers) =>
      answers.map((answer, i) =>
        i === 1 ? answer : { result: { ...(answer as { result: object }).result, gasUsed: "0x1234" } },
      ),
    );
    await expect(getVerifiedProof(rpc, contract, [])).rejects.toMatchObject({
      subject: "header",
      field: "hash",
    });
  });

  it("rejects a valid proof for another account or other slots than asked", async () => {
    const [other] = await request<string[]>("eth_accounts");
    const swapAddress = adapter(async (answers) => {
      // Proven at the very block of the batch's headers, so only the address is wrong.
      const { number } = (answers[0] as { result: { number: string } }).result;
      const proof = await request<AccountProofInput>("eth_getProof", [other, [], number]);
      return [answers[0] as BatchAnswer, { result: proof }, answers[2] as BatchAnswer];
    });
    await expect(getVerifiedProof(swapAddress, contract, [])).rejects.toMatchObject({ field: "address" });

    const dropSlot = adapter((answers) => {
      const proof = (answers[1] as { result: AccountProofInput }).result;
      return [
        answers[0] as BatchAnswer,
        { result: { ...proof, storageProof: [] } },
        answers[2] as BatchAnswer,
      ];
    });
    await expect(getVerifiedProof(dropSlot, contract, ["0x1"])).rejects.toMatchObject({ field: "key" });
  });

  it("passes on the node's error for a failed call", async () => {
    const rpc = adapter((answers) => [
      answers[0] as BatchAnswer,
      { error: { code: -32000, message: "boom" } },
      answers[2] as BatchAnswer,
    ]);
    const error = await getVerifiedProof(rpc, contract, []).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(ProofError);
    expect(error).toMatchObject({ subject: "eth_getProof", cause: { code: -32000 } });
  });

  it("refuses bad input before sending anything", async () => {
    const rpc = adapter();
    for (const [address, keys, pointer] of [
      ["0x1234", [], "/address"],
      [contract, ["0xnothex"], "/storageKeys/0"],
      [contract, [`0x${"1".repeat(65)}`], "/storageKeys/0"],
    ] as const) {
      await expect(getVerifiedProof(rpc, address, keys)).rejects.toSatisfy(
        (err) => err instanceof RequestValidationError && err.field === pointer,
      );
    }
    await expect(getVerifiedProof(rpc, contract, [], { maxAttempts: 0 })).rejects.toBeInstanceOf(
      RequestValidationError,
    );
    expect(rpc.batches).toBe(0);
  });
});
