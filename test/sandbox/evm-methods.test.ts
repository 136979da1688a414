import { MerklePatriciaTrie } from "@ethereumjs/mpt";
import { RLP } from "@ethereumjs/rlp";
import { bytesToHex, hexToBytes } from "@ethereumjs/util";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { evmMethods } from "../../generated/evm/operations.js";
import { EMITTED_TOPIC, EMITTER, REVERTER, STORED_VALUE, word } from "../support/evm-contracts.js";
import { type ServedEvmSurface, serveEvmSurface } from "../support/evm-surface-server.js";

// Every method of the spec, served from the sandbox chain as HyperEVM answers it. The sandbox checks each
// result against the spec before it leaves (an off-spec answer is HTTP 500, which fails these tests).

type Json = Record<string, unknown>;
const UNKNOWN_HASH = `0x${"ab".repeat(32)}`;
// A key that only ever holds sandbox funds.
const SIGNER = privateKeyToAccount("0x1c0ffee5a7e1b0c8d2f3e4a5b6c7d8e9f0a1b2c3d4e5f60718293a4b5c6d7e8f");

let node: ServedEvmSurface;
let stored: string;
let emitter: string;
let reverter: string;
/** The block and transaction of the first log the emitter wrote. */
let emitted: { blockHash: string; blockNumber: string; transactionHash: string };

async function deploy(bytecode: string): Promise<string> {
  const { transactionHash } = await node.evm.sendTransaction({ data: bytecode });
  return (await node.result<Json>("eth_getTransactionReceipt", [transactionHash])).contractAddress as string;
}

beforeAll(async () => {
  node = await serveEvmSurface();
  stored = await deploy(STORED_VALUE.bytecode);
  emitter = await deploy(EMITTER.bytecode);
  reverter = await deploy(REVERTER.bytecode);
  const sent = await node.evm.sendTransaction({ to: emitter, data: word(7) });
  emitted = { ...sent };
  await node.evm.sendTransaction({ to: emitter, data: word(8) });
  await node.evm.fund(SIGNER.address, 10n ** 18n);
});
afterAll(() => node.close());

describe("evm surface: every method of the spec", () => {
  test("answers each one within its result schema", async () => {
    const [account] = node.evm.accounts;
    const head = await node.result<Json>("eth_getBlockByNumber", ["latest", false]);
    const calls: Record<string, unknown[]> = {
      web3_clientVersion: [],
      net_version: [],
      eth_chainId: [],
      eth_syncing: [],
      eth_blockNumber: [],
      eth_gasPrice: [],
      eth_maxPriorityFeePerGas: [],
      eth_feeHistory: ["0x2", "latest", [25, 75]],
      eth_bigBlockGasPrice: [],
      eth_usingBigBlocks: [account],
      eth_getBalance: [account],
      eth_getCode: [stored, "latest"],
      eth_getStorageAt: [stored, "0x0", "pending"],
      eth_getTransactionCount: [account, "pending"],
      eth_call: [{ to: stored, input: "0x3fa4f245" }],
      eth_estimateGas: [{ from: account, to: emitter, input: word(1) }],
      eth_getProof: [stored, ["0x0"]],
      eth_getLogs: [{ blockHash: emitted.blockHash }],
      eth_getBlockByHash: [head.hash, true],
      eth_getBlockByNumber: ["latest", true],
      eth_getBlockReceipts: [emitted.blockNumber],
      eth_getBlockTransactionCountByHash: [emitted.blockHash],
      eth_getBlockTransactionCountByNumber: [emitted.blockNumber],
      eth_getTransactionByHash: [emitted.transactionHash],
      eth_getTransactionByBlockHashAndIndex: [emitted.blockHash, "0x0"],
      eth_getTransactionByBlockNumberAndIndex: [emitted.blockNumber, "0x0"],
      eth_getTransactionReceipt: [emitted.transactionHash],
      eth_sendRawTransaction: [await signedTransfer(0n)],
      eth_getSystemTxsByBlockHash: [head.hash],
      eth_getSystemTxsByBlockNumber: ["0x1"],
      ots_getHeaderByNumber: [1],
    };
    // eth_subscribe and eth_unsubscribe need a WebSocket: evm-websocket.test.ts covers them.
    const overHttp = Object.keys(evmMethods).filter(
      (name) => name !== "eth_subscribe" && name !== "eth_unsubscribe",
    );
    expect(Object.keys(calls).sort()).toEqual(overHttp.sort());
    for (const [method, params] of Object.entries(calls)) {
      const answer = await node.call(method, params);
      expect(answer.error, method).toBeUndefined();
      expect(answer.result, method).not.toBeUndefined();
    }
  });

  test("node facts: network id, sync, fees and big blocks as on HyperEVM", async () => {
    expect(await node.result("net_version")).toBe("999");
    expect(await node.result("eth_syncing")).toBe(false);
    expect(await node.result("eth_maxPriorityFeePerGas")).toBe("0x0");
    const history = await node.result<{ baseFeePerGas: string[]; reward: string[][] }>("eth_feeHistory", [
      "0x1",
      "latest",
      [50],
    ]);
    const nextBaseFee = history.baseFeePerGas.at(-1);
    expect(await node.result("eth_gasPrice")).toBe(nextBaseFee);
    expect(await node.result("eth_bigBlockGasPrice")).toBe(nextBaseFee);
    expect(history.reward).toEqual([["0x0"]]);
    const address = node.evm.accounts[2] as string;
    expect(await node.result("eth_usingBigBlocks", [address])).toBe(false);
    node.evm.setUsingBigBlocks(address.toUpperCase().replace("0X", "0x"), true);
    expect(await node.result("eth_usingBigBlocks", [address])).toBe(true);
    node.evm.setUsingBigBlocks(address, false);
    expect(await node.result("eth_usingBigBlocks", [address])).toBe(false);
  });
});

describe("evm surface: state at the latest block only", () => {
  test("historical blocks are refused with -32602 for every state method", async () => {
    const [account] = node.evm.accounts;
    const leading: Record<string, unknown[]> = {
      eth_getBalance: [account],
      eth_getCode: [stored],
      eth_getStorageAt: [stored, "0x0"],
      eth_getTransactionCount: [account],
      eth_call: [{ to: stored }],
      eth_estimateGas: [{ to: stored }],
      eth_getProof: [stored, []],
    };
    for (const [method, params] of Object.entries(leading)) {
      for (const block of ["0x1", "earliest", "finalized", emitted.blockHash]) {
        const answer = await node.call(method, [...params, block]);
        expect(answer.error, `${method} ${block}`).toMatchObject({
          code: -32602,
          message: expect.stringMatching(
            /only the latest block is supported, historical state is unavailable/,
          ),
        });
      }
    }
  });

  test("pending and a left-out block answer as latest", async () => {
    const account = SIGNER.address;
    for (const method of ["eth_getBalance", "eth_getTransactionCount", "eth_getCode"]) {
      const latest = await node.result(method, [account, "latest"]);
      expect(await node.result(method, [account, "pending"]), method).toEqual(latest);
      expect(await node.result(method, [account]), method).toEqual(latest);
    }
  });

  test("storage slots come back as 32 bytes, whatever length the key is written in", async () => {
    const value = word(STORED_VALUE.value);
    for (const key of ["0x0", "0x00", `0x${"0".repeat(64)}`]) {
      expect(await node.result("eth_getStorageAt", [stored, key]), key).toBe(value);
    }
    expect(await node.result("eth_getStorageAt", [stored, "0x1"])).toBe(word(0));
  });

  test("eth_call reads with input or data; a revert is error 3 with the revert data", async () => {
    for (const field of ["input", "data"]) {
      expect(await node.result("eth_call", [{ to: stored, [field]: "0x3fa4f245" }]), field).toBe(
        word(STORED_VALUE.value),
      );
    }
    for (const method of ["eth_call", "eth_estimateGas"]) {
      expect((await node.call(method, [{ to: reverter, input: "0x" }])).error, method).toEqual({
        code: 3,
        message: "execution reverted",
        data: REVERTER.revertData,
      });
    }
  });
});

describe("evm surface: logs and receipts", () => {
  test("logs carry their block's timestamp and match by topic", async () => {
    const block = await node.result<Json>("eth_getBlockByHash", [emitted.blockHash, false]);
    const logs = await node.result<Json[]>("eth_getLogs", [{ blockHash: emitted.blockHash }]);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      address: emitter,
      topics: [EMITTED_TOPIC, word(BigInt(node.evm.accounts[0] as string))],
      data: word(7),
      blockTimestamp: block.timestamp,
      transactionHash: emitted.transactionHash,
    });
    const byTopic = await node.result<Json[]>("eth_getLogs", [
      { fromBlock: "0x0", toBlock: "0x31", address: emitter, topics: [EMITTED_TOPIC] },
    ]);
    expect(byTopic.map((log) => log.data)).toEqual([word(7), word(8)]);
    const none = await node.result<Json[]>("eth_getLogs", [{ fromBlock: "0x0", topics: [UNKNOWN_HASH] }]);
    expect(none).toEqual([]);
  });

  test("a range over 50 blocks is refused, tags resolved at the head; 4 topic positions at most", async () => {
    expect((await node.call("eth_getLogs", [{ fromBlock: "0x0", toBlock: "0x32" }])).error).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/51 blocks; at most 50 blocks per call/),
    });
    expect((await node.call("eth_getLogs", [{ fromBlock: "0x5", toBlock: "0x1" }])).error).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/invalid block range params/),
    });
    while (BigInt(await node.result<string>("eth_blockNumber")) < 52n) await node.evm.mine();
    const head = BigInt(await node.result<string>("eth_blockNumber"));
    expect((await node.call("eth_getLogs", [{ fromBlock: "earliest" }])).error?.code).toBe(-32602);
    const lastFifty = `0x${(head - 49n).toString(16)}`;
    const headHex = `0x${head.toString(16)}`;
    const explicit = await node.result<Json[]>("eth_getLogs", [{ fromBlock: lastFifty, toBlock: headHex }]);
    expect(await node.result("eth_getLogs", [{ fromBlock: lastFifty }])).toEqual(explicit);
    const fiveTopics = Array.from({ length: 5 }, () => null);
    expect((await node.call("eth_getLogs", [{ topics: fiveTopics }])).error).toMatchObject({
      code: -32602,
      data: expect.stringMatching(/^filter \(params\[0\]\)\/topics/),
    });
  });

  test("a receipt carries blockTimestamp, on itself and its logs", async () => {
    const receipt = await node.result<Json>("eth_getTransactionReceipt", [emitted.transactionHash]);
    const block = await node.result<Json>("eth_getBlockByHash", [emitted.blockHash, false]);
    expect(receipt).toMatchObject({ status: "0x1", type: "0x2", blockTimestamp: block.timestamp });
    expect((receipt.logs as Json[])[0]?.blockTimestamp).toBe(block.timestamp);
    expect(await node.result("eth_getTransactionReceipt", [UNKNOWN_HASH])).toBeNull();
  });

  test("eth_getBlockReceipts is the block's own receipts in order, by number, hash or tag", async () => {
    const { provider, accounts } = node.evm;
    await provider.request({ method: "miner_stop", params: [] } as never);
    const hashes: string[] = [];
    for (const [i, data] of [word(1), word(2), word(3)].entries()) {
      hashes.push(
        (await provider.request({
          method: "eth_sendTransaction",
          params: [{ from: accounts[i], to: emitter, data, maxPriorityFeePerGas: "0x0" }],
        } as never)) as string,
      );
    }
    await provider.request({ method: "miner_start", params: [] } as never);
    const first = await node.result<Json>("eth_getTransactionReceipt", [hashes[0]]);
    const one = await Promise.all(
      hashes.map((hash) => node.result<Json>("eth_getTransactionReceipt", [hash])),
    );
    expect(new Set(one.map((receipt) => receipt.blockHash))).toEqual(new Set([first.blockHash]));
    const inOrder = [...one].sort((a, b) => Number(a.transactionIndex) - Number(b.transactionIndex));
    for (const block of [first.blockNumber, first.blockHash]) {
      expect(await node.result("eth_getBlockReceipts", [block])).toEqual(inOrder);
    }
    // The chain's real receipts: rebuilt with @ethereumjs, they hash to the block's receiptsRoot.
    const block = await node.result<Json>("eth_getBlockByHash", [first.blockHash, false]);
    expect(await receiptsRoot(inOrder)).toBe(block.receiptsRoot);
    const latest = await node.result<Json[]>("eth_getBlockReceipts", ["latest"]);
    const head = await node.result<Json>("eth_getBlockByNumber", ["latest", false]);
    expect(latest.map((receipt) => receipt.transactionHash)).toEqual(head.transactions);
    expect(await node.result("eth_getBlockReceipts", ["0x0"])).toEqual([]);
    expect(await node.result("eth_getBlockReceipts", [UNKNOWN_HASH])).toBeNull();
    expect(await node.result("eth_getBlockReceipts", ["0xffffff"])).toBeNull();
  });
});

describe("evm surface: transactions", () => {
  test("by block and position, with null past the end; counts by hash and number", async () => {
    const byHash = await node.result("eth_getTransactionByHash", [emitted.transactionHash]);
    expect(await node.result("eth_getTransactionByBlockHashAndIndex", [emitted.blockHash, "0x0"])).toEqual(
      byHash,
    );
    expect(
      await node.result("eth_getTransactionByBlockNumberAndIndex", [emitted.blockNumber, "0x0"]),
    ).toEqual(byHash);
    expect(
      await node.result("eth_getTransactionByBlockNumberAndIndex", [emitted.blockNumber, "0x5"]),
    ).toBeNull();
    expect(await node.result("eth_getTransactionByBlockHashAndIndex", [UNKNOWN_HASH, "0x0"])).toBeNull();
    expect(await node.result("eth_getBlockTransactionCountByHash", [emitted.blockHash])).toBe("0x1");
    expect(await node.result("eth_getBlockTransactionCountByNumber", [emitted.blockNumber])).toBe("0x1");
    expect(await node.result("eth_getBlockTransactionCountByHash", [UNKNOWN_HASH])).toBeNull();
  });

  test("eth_sendRawTransaction takes a locally signed transaction and mines it", async () => {
    const nonce = BigInt(await node.result<string>("eth_getTransactionCount", [SIGNER.address, "pending"]));
    const raw = await signedTransfer(nonce);
    const hash = await node.result<string>("eth_sendRawTransaction", [raw]);
    const receipt = await node.result<Json>("eth_getTransactionReceipt", [hash]);
    expect(receipt).toMatchObject({ status: "0x1", from: SIGNER.address.toLowerCase(), type: "0x2" });
    expect(await node.result("eth_getTransactionCount", [SIGNER.address])).toBe(
      `0x${(nonce + 1n).toString(16)}`,
    );
    const replayed = await node.call("eth_sendRawTransaction", [raw]);
    expect(replayed.error?.message).toBeTruthy();
  });

  test("system transactions by block number equal those by hash; an unknown block is null", async () => {
    const receiver = node.evm.accounts[4] as string;
    const mined = await node.evm.mine([{ kind: "native", to: receiver, value: 5n }]);
    const byHash = await node.result<Json[]>("eth_getSystemTxsByBlockHash", [mined.blockHash]);
    expect(byHash).toHaveLength(1);
    expect(await node.result("eth_getSystemTxsByBlockNumber", [mined.blockNumber])).toEqual(byHash);
    expect(await node.result("eth_getSystemTxsByBlockNumber", ["latest"])).toEqual(byHash);
    expect(await node.result("eth_getSystemTxsByBlockNumber", ["0xffffff"])).toBeNull();
    expect(await node.result("eth_getSystemTxsByBlockNumber", ["0x0"])).toEqual([]);
  });
});

/** The receipt trie root of a block's receipts (EIP-2718 encodings keyed by rlp(index)). */
async function receiptsRoot(receipts: Json[]): Promise<string> {
  const trie = new MerklePatriciaTrie();
  const quantity = (value: unknown) =>
    BigInt(value as string) === 0n ? new Uint8Array() : hexToBytes(value as `0x${string}`);
  for (const [index, receipt] of receipts.entries()) {
    const logs = (receipt.logs as Json[]).map((log) => [
      hexToBytes(log.address as `0x${string}`),
      (log.topics as `0x${string}`[]).map((topic) => hexToBytes(topic)),
      hexToBytes(log.data as `0x${string}`),
    ]);
    const fields = RLP.encode([
      quantity(receipt.status),
      quantity(receipt.cumulativeGasUsed),
      hexToBytes(receipt.logsBloom as `0x${string}`),
      logs,
    ]);
    const type = Number(receipt.type);
    await trie.put(RLP.encode(index), type === 0 ? fields : new Uint8Array([type, ...fields]));
  }
  return bytesToHex(trie.root());
}

/** A zero-tip EIP-1559 transfer of 1 wei from SIGNER, signed here, with the given nonce. */
async function signedTransfer(nonce: bigint): Promise<string> {
  const history = await node.result<{ baseFeePerGas: string[] }>("eth_feeHistory", ["0x1", "latest", []]);
  return SIGNER.signTransaction({
    type: "eip1559",
    chainId: 999,
    nonce: Number(nonce),
    to: node.evm.accounts[3] as `0x${string}`,
    value: 1n,
    gas: 21_000n,
    maxFeePerGas: BigInt(history.baseFeePerGas.at(-1) as string) * 2n,
    maxPriorityFeePerGas: 0n,
  });
}
