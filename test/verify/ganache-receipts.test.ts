import {
  type BatchAnswer,
  type BatchCall,
  type BlockWithTransactionsInput,
  type ReceiptInput,
  verifyBlockHash,
  verifyReceiptsRoot,
  verifyTransactionsRoot,
} from "chainkit/evm";
import ganache, { type EthereumProvider } from "ganache";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getVerifiedReceipt } from "../../src/evm/verify/verified-receipt.js";
import { LOG_CONTRACT_INIT_CODE, PING_TOPIC } from "./log-contract.js";

// Receipts from a real node: ganache mines one block holding legacy, EIP-2930 and EIP-1559
// transactions, calls that log (two topics, and none), a plain transfer, a failed call and a
// contract creation; its receipts must hash to its header's receiptsRoot.

let provider: EthereumProvider;
let block: BlockWithTransactionsInput;
let receipts: ReceiptInput[];

const call = <T>(method: string, params: unknown[] = []): Promise<T> =>
  provider.request({ method, params } as never) as Promise<T>;

/**
 * Ganache 7 numbers `logIndex` from 0 in each receipt; real nodes (and the JSON-RPC spec) number the
 * logs across the whole block, which the verifier checks. Renumbered here as a real node would send
 * them; everything the trie holds is ganache's, untouched.
 */
function withBlockLogIndexes(list: ReceiptInput[]): ReceiptInput[] {
  let next = 0;
  return list.map((receipt) => ({
    ...receipt,
    logs: receipt.logs?.map((log) => ({ ...log, logIndex: `0x${(next++).toString(16)}` })),
  }));
}

/** Ganache has no eth_getBlockReceipts: this adapter answers it with one eth_getTransactionReceipt per transaction. */
const ganacheRpc = {
  async batch(calls: BatchCall[]): Promise<BatchAnswer[]> {
    return Promise.all(
      calls.map(async ({ method, params }) => {
        if (method === "eth_getTransactionReceipt") {
          const receipt = await call<ReceiptInput | null>(method, params);
          return { result: receipts.find((r) => r.transactionHash === receipt?.transactionHash) ?? receipt };
        }
        if (method !== "eth_getBlockReceipts") return { result: await call(method, params) };
        const full = await call<BlockWithTransactionsInput | null>("eth_getBlockByHash", [params[0], false]);
        const hashes = (full?.transactions ?? []) as string[];
        const list = await Promise.all(
          hashes.map((hash) => call<ReceiptInput>("eth_getTransactionReceipt", [hash])),
        );
        return { result: full && withBlockLogIndexes(list) };
      }),
    );
  },
};

beforeAll(async () => {
  provider = ganache.provider({
    chain: { chainId: 999 },
    logging: { quiet: true },
    wallet: { deterministic: true },
  });
  const [from, other] = await call<[string, string]>("eth_accounts");
  const deployment = await call<string>("eth_sendTransaction", [
    { from, data: LOG_CONTRACT_INIT_CODE, gas: "0x30d40" },
  ]);
  const { contractAddress: contract } = await call<{ contractAddress: string }>("eth_getTransactionReceipt", [
    deployment,
  ]);

  await call("miner_stop");
  const gasPrice = "0x77359400";
  const sent = [
    { from, to: contract, data: "0x1234", type: "0x0", gasPrice },
    {
      from: other,
      to: contract,
      data: "0x",
      type: "0x1",
      gasPrice,
      accessList: [{ address: contract, storageKeys: [`0x${"00".repeat(32)}`] }],
    },
    { from, to: contract, data: `0x${"ab".repeat(70)}`, type: "0x2" },
    { from: other, to: from, value: "0x1", type: "0x2" },
    { from, to: contract, data: "0x01", gas: "0x5300", type: "0x2" }, // too little gas for the logs: fails
    { from: other, data: LOG_CONTRACT_INIT_CODE, gas: "0x30d40", type: "0x0", gasPrice },
  ];
  for (const tx of sent) await call("eth_sendTransaction", [tx]);
  await call("evm_mine");
  block = await call<BlockWithTransactionsInput>("eth_getBlockByNumber", ["latest", true]);
  receipts = withBlockLogIndexes(
    await Promise.all(
      (block.transactions as { hash: string }[]).map((tx) =>
        call<ReceiptInput>("eth_getTransactionReceipt", [tx.hash]),
      ),
    ),
  );
});

afterAll(async () => {
  await provider?.disconnect();
});

describe("receipts of a ganache block with every kind of transaction it mines", () => {
  it("holds what the test means to cover (ganache orders the block by sender and nonce)", () => {
    expect(new Set(receipts.map((r) => r.type))).toEqual(new Set(["0x0", "0x1", "0x2"]));
    expect(receipts.filter((r) => r.status === "0x0")).toHaveLength(1);
    expect(receipts.map((r) => r.logs?.length ?? 0).sort()).toEqual([0, 0, 0, 2, 2, 2]);
    expect(
      receipts.flatMap((r) => r.logs ?? []).filter((log) => log.topics?.[0] === PING_TOPIC),
    ).toHaveLength(3);
    expect(receipts.filter((r) => r.contractAddress != null)).toHaveLength(1);
  });

  it("hash to the header's receiptsRoot, under a header and transactions that verify", () => {
    expect(verifyBlockHash(block)).toBe(block.hash);
    expect(verifyTransactionsRoot(block).transactionsRoot).toBe(block.transactionsRoot);
    expect(verifyReceiptsRoot(receipts, block)).toBe(block.receiptsRoot);
  });

  it("each verifies through getVerifiedReceipt, tied to its transaction", async () => {
    for (const receipt of receipts) {
      const verified = await getVerifiedReceipt(ganacheRpc, receipt.transactionHash as string);
      expect(verified?.receipt).toEqual(receipt);
      expect(verified?.blockHash).toBe(block.hash);
    }
  });
});
