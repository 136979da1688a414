import type {
  BatchAnswer,
  BatchCall,
  BatchRpc,
  BlockWithTransactionsInput,
  ReceiptInput,
} from "chainkit/evm";
import { ProofError, RequestValidationError } from "chainkit/evm";
import { describe, expect, it } from "vitest";
import { getVerifiedReceipt } from "../../src/evm/verify/verified-receipt.js";
import type { Tampered } from "./byte-flips.js";
import { verifyFixture } from "./fixtures.js";
import { tamperedReceipt } from "./receipt-tampering.js";

// getVerifiedReceipt over the execution-apis chain's recorded answers (blocks 1 and 54: contract
// creations, calls with logs). A recorded node plays the client's part; lying nodes change answers.

interface BlockReceipts {
  block: BlockWithTransactionsInput;
  receipts: ReceiptInput[];
}

const chain = [
  verifyFixture<BlockReceipts>("execution_apis_receipts_block_1"),
  verifyFixture<BlockReceipts>("execution_apis_receipts_block_54"),
];

type Change = (block: BlockWithTransactionsInput, receipts: ReceiptInput[]) => BlockReceipts;

/** A node answering from the recordings; `change` rewrites what it holds, `gone` forgets blocks. */
function recordedNode(change?: Change, options: { goneTimes?: number } = {}) {
  const node = {
    batches: [] as BatchCall[][],
    gone: options.goneTimes ?? 0,
    async batch(calls: BatchCall[]): Promise<BatchAnswer[]> {
      node.batches.push(calls);
      const held = chain.map(({ block, receipts }) =>
        change ? change(structuredClone(block), structuredClone(receipts)) : { block, receipts },
      );
      const byHash = (hash: unknown) => held.find(({ block }) => block.hash === hash);
      return calls.map(({ method, params }) => {
        const [first] = params;
        if (method === "eth_getTransactionReceipt") {
          const receipt = chain.flatMap(({ receipts }) => receipts).find((r) => r.transactionHash === first);
          return { result: receipt ?? null };
        }
        if (node.gone > 0) return { result: null };
        if (method === "eth_getBlockByHash") return { result: byHash(first)?.block ?? null };
        if (method === "eth_getBlockReceipts") return { result: byHash(first)?.receipts ?? null };
        return { error: new Error(`unexpected ${method}`) };
      });
    },
  };
  return node;
}

const hashOf = (block: number, index: number) => chain[block]?.receipts[index]?.transactionHash as string;

describe("getVerifiedReceipt on recorded answers", () => {
  it("returns every receipt of both blocks, verified, with the block and its recomputed hash", async () => {
    for (const { block, receipts } of chain) {
      for (const receipt of receipts) {
        const node = recordedNode();
        const verified = await getVerifiedReceipt(node, receipt.transactionHash as string);
        expect(verified?.receipt).toEqual(receipt);
        expect(verified?.blockHash).toBe(block.hash);
        expect(verified?.blockNumber).toBe(BigInt(block.number as string));
        // The receipt first, then the block and its receipts in one batch.
        expect(node.batches.map((batch) => batch.map((call) => call.method))).toEqual([
          ["eth_getTransactionReceipt"],
          ["eth_getBlockByHash", "eth_getBlockReceipts"],
        ]);
        expect(node.batches[1]?.map((call) => call.params)).toEqual([[block.hash, true], [block.hash]]);
      }
    }
  });

  it("returns null for an unknown or pending transaction (no receipt yet), after one request", async () => {
    const node = recordedNode();
    expect(await getVerifiedReceipt(node, `0x${"ab".repeat(32)}`)).toBeNull();
    expect(node.batches).toHaveLength(1);
  });

  it("looks the receipt up again when its block is gone, and gives up after maxAttempts", async () => {
    const node = recordedNode(undefined, { goneTimes: 1 });
    const original = node.batch.bind(node);
    node.batch = async (calls) => {
      const answers = await original(calls);
      if (calls[0]?.method === "eth_getBlockByHash") node.gone--;
      return answers;
    };
    expect((await getVerifiedReceipt(node, hashOf(1, 2)))?.receipt.transactionHash).toBe(hashOf(1, 2));
    expect(node.batches).toHaveLength(4);

    const reorging = recordedNode(undefined, { goneTimes: Number.POSITIVE_INFINITY });
    await expect(getVerifiedReceipt(reorging, hashOf(1, 2), { maxAttempts: 2 })).rejects.toMatchObject({
      name: "ProofError",
      subject: "block",
    });
    expect(reorging.batches).toHaveLength(4);
  });

  it("refuses a malformed hash or option before sending anything", async () => {
    const node = recordedNode();
    for (const [hash, options, pointer] of [
      ["0x1234", {}, "/transactionHash"],
      [`0x${"zz".repeat(32)}`, {}, "/transactionHash"],
      [hashOf(0, 0), { maxAttempts: 0 }, "/options/maxAttempts"],
    ] as const) {
      await expect(getVerifiedReceipt(node, hash, options)).rejects.toSatisfy(
        (error) => error instanceof RequestValidationError && error.field === pointer,
      );
    }
    expect(node.batches).toHaveLength(0);
  });
});

describe("getVerifiedReceipt refuses every lie", () => {
  /** Every tampering of receipt `index` of block `which`, as the node would serve it. */
  function* lies(which: number, index: number): Generator<Tampered<Change>> {
    const original = chain[which]?.receipts[index] as ReceiptInput;
    for (const { what, value } of tamperedReceipt(original)) {
      yield {
        what,
        value: (block, receipts) => ({ block, receipts: receipts.map((r, i) => (i === index ? value : r)) }),
      };
    }
  }

  for (const [which, index] of [
    [0, 0], // a contract creation, no logs
    [1, 1], // a creation that logs
    [1, 3],
  ] as const) {
    it(`block ${chain[which]?.block.number} receipt ${index}: every field of the receipt and its logs`, async () => {
      const hash = hashOf(which, index);
      const passed: string[] = [];
      let tried = 0;
      for (const { what, value } of lies(which, index)) {
        tried++;
        const outcome = await getVerifiedReceipt(recordedNode(value), hash).catch((error: unknown) => error);
        if (!(outcome instanceof ProofError)) passed.push(what);
      }
      expect(passed).toEqual([]);
      expect(tried).toBeGreaterThan(400);
    });
  }

  it("a block that is not the receipt's, a transaction at another index, a dropped receipt", async () => {
    const cases: [Change, string, string][] = [
      [(block, receipts) => ({ block: { ...block, gasUsed: "0x1" }, receipts }), "header", "hash"],
      [
        (block, receipts) => ({
          block: { ...block, transactions: [...(block.transactions ?? [])].reverse() },
          receipts,
        }),
        "block",
        "transactionsRoot",
      ],
      [(block, receipts) => ({ block, receipts: receipts.slice(0, -1) }), "receipts", "receiptsRoot"],
    ];
    for (const [change, subject, field] of cases) {
      await expect(getVerifiedReceipt(recordedNode(change), hashOf(1, 2))).rejects.toMatchObject({
        subject,
        field,
      });
    }
    // The receipt lookup names another block than the one the hash is in.
    const node = recordedNode();
    const original = node.batch.bind(node);
    node.batch = async (calls) => {
      const answers = await original(calls);
      if (calls[0]?.method !== "eth_getTransactionReceipt") return answers;
      const located = (answers[0] as { result: ReceiptInput }).result;
      return [{ result: { ...located, blockHash: chain[0]?.block.hash, transactionIndex: "0x1" } }];
    };
    await expect(getVerifiedReceipt(node, hashOf(1, 2))).rejects.toMatchObject({ subject: "receipt" });
  });

  it("passes on the node's own error for a failed call", async () => {
    const failure = new Error("boom");
    const rpc: BatchRpc = { batch: async () => [{ error: failure }] };
    await expect(getVerifiedReceipt(rpc, hashOf(0, 0))).rejects.toBe(failure);
  });
});
