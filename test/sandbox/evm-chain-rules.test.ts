// The sandbox's EVM chain against HyperEVM's rules and its Cancun fork, over real sockets: a contract
// using TSTORE and MCOPY runs; the mempool takes an address's next 8 nonces and refuses further ones;
// a sender on small blocks cannot send more gas than a small block holds until it moves to big blocks;
// the chain makes blocks by itself with blockTimeMs; the funded accounts' keys are the keys of those
// addresses.
import { createContract } from "micro-eth-signer/abi.js";
import { type Hex, parseTransaction, serializeTransaction } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  BIG_BLOCK_GAS_LIMIT,
  NONCE_WINDOW,
  SMALL_BLOCK_GAS_LIMIT,
} from "../../src/sandbox/evm/chain/hyperevm-limits.js";
import { createEvmSurface } from "../../src/sandbox/evm/evm-surface.js";
import { cancunProbe } from "../fixtures/contracts/artifacts.js";
import { type ServedEvmSurface, serveEvmSurface } from "../support/evm-surface-server.js";

type Json = Record<string, unknown>;

let node: ServedEvmSurface;
beforeAll(async () => {
  node = await serveEvmSurface({ demoBlock: false });
});
afterAll(() => node.close());

/** A type-2 transaction from the funded account `index`, signed here, as hex. */
async function signed(index: number, fields: { nonce: number; gas: bigint; to?: Hex; data?: Hex }) {
  const account = privateKeyToAccount(node.evm.privateKeys[index] as Hex);
  const baseFee = BigInt(await node.result<string>("eth_gasPrice"));
  return account.signTransaction({
    type: "eip1559",
    chainId: 999,
    nonce: fields.nonce,
    gas: fields.gas,
    maxFeePerGas: baseFee * 2n,
    maxPriorityFeePerGas: 0n,
    to: fields.to ?? account.address,
    ...(fields.data !== undefined && { data: fields.data }),
  });
}

const nonceOf = async (address: string) =>
  Number(await node.result<string>("eth_getTransactionCount", [address, "latest"]));

describe("Cancun", () => {
  test("a contract using TSTORE, TLOAD and MCOPY deploys, runs and keeps the copied value", async () => {
    const probe = createContract(cancunProbe.abi);
    const deployed = await node.evm.sendTransaction({ data: cancunProbe.bytecode });
    const receipt = await node.result<Json>("eth_getTransactionReceipt", [deployed.transactionHash]);
    expect(receipt.status).toBe("0x1");
    const address = receipt.contractAddress as string;
    const roundTrip = `0x${Buffer.from(probe.roundTrip.encodeInput(42n)).toString("hex")}`;

    expect(BigInt(await node.result<string>("eth_call", [{ to: address, input: roundTrip }]))).toBe(42n);
    const sent = await node.evm.sendTransaction({ to: address, data: roundTrip });
    const mined = await node.result<Json>("eth_getTransactionReceipt", [sent.transactionHash]);
    expect(mined.status).toBe("0x1");
    const read = (name: "stored" | "transientAfterwards") =>
      node.result<string>("eth_call", [
        { to: address, input: `0x${Buffer.from(probe[name].encodeInput()).toString("hex")}` },
      ]);
    expect(BigInt(await read("stored"))).toBe(42n);
    // Transient storage did not outlive the transaction.
    expect(BigInt(await read("transientAfterwards"))).toBe(0n);
  });
});

describe("the mempool's nonce window", () => {
  test(`nonces up to ${NONCE_WINDOW - 1n} ahead wait for the gap to fill; further ahead or behind are refused`, async () => {
    const sender = node.evm.accounts[2] as string;
    const next = await nonceOf(sender);
    const gas = 21_000n;

    const tooHigh = await node.call("eth_sendRawTransaction", [
      await signed(2, { nonce: next + Number(NONCE_WINDOW), gas }),
    ]);
    expect(tooHigh.error).toMatchObject({ code: -32000, message: expect.stringMatching(/^nonce too high/) });

    const ahead = await signed(2, { nonce: next + 3, gas });
    const waiting = await node.result<string>("eth_sendRawTransaction", [ahead]);
    expect(await node.result("eth_getTransactionReceipt", [waiting])).toBeNull();
    // The mempool has it: found by hash, in no block yet.
    expect(await node.result<Json>("eth_getTransactionByHash", [waiting])).toMatchObject({
      hash: waiting,
      from: sender,
      nonce: `0x${(next + 3).toString(16)}`,
      blockHash: null,
      blockNumber: null,
    });
    for (const nonce of [next, next + 1, next + 2]) {
      await node.result("eth_sendRawTransaction", [await signed(2, { nonce, gas })]);
    }
    // The gap filled: the waiting transaction was mined after the three before it.
    const receipt = await node.result<Json>("eth_getTransactionReceipt", [waiting]);
    expect(receipt.status).toBe("0x1");
    expect(await nonceOf(sender)).toBe(next + 4);

    const tooLow = await node.call("eth_sendRawTransaction", [await signed(2, { nonce: next, gas })]);
    expect(tooLow.error).toMatchObject({ code: -32000, message: expect.stringMatching(/^nonce too low/) });
  });
});

describe("small and big blocks", () => {
  test("a sender on small blocks is held to a small block's gas; moved to big blocks, the same send goes into a big block", async () => {
    const sender = node.evm.accounts[3] as string;
    const gas = SMALL_BLOCK_GAS_LIMIT + 1n;
    const nonce = await nonceOf(sender);
    const refused = await node.call("eth_sendRawTransaction", [await signed(3, { nonce, gas })]);
    expect(refused.error).toMatchObject({
      code: -32000,
      message: expect.stringMatching(/^exceeds block gas limit: .*evmUserModify/),
    });
    expect(await node.result("eth_usingBigBlocks", [sender])).toBe(false);

    node.evm.setUsingBigBlocks(sender, true);
    expect(await node.result("eth_usingBigBlocks", [sender])).toBe(true);
    const hash = await node.result<string>("eth_sendRawTransaction", [await signed(3, { nonce, gas })]);
    const receipt = await node.result<Json>("eth_getTransactionReceipt", [hash]);
    const block = await node.result<Json>("eth_getBlockByHash", [receipt.blockHash, false]);
    expect(BigInt(block.gasLimit as string)).toBe(BIG_BLOCK_GAS_LIMIT);
    // Over a big block's gas, even a big-block sender is refused.
    const tooBig = await signed(3, { nonce: nonce + 1, gas: BIG_BLOCK_GAS_LIMIT + 1n });
    expect((await node.call("eth_sendRawTransaction", [tooBig])).error?.message).toMatch(
      /^exceeds block gas limit/,
    );
    node.evm.setUsingBigBlocks(sender, false);

    // Everyone else's blocks are small blocks.
    const small = await node.evm.fund(sender, 1n);
    const smallBlock = await node.result<Json>("eth_getBlockByHash", [small.blockHash, false]);
    expect(BigInt(smallBlock.gasLimit as string)).toBe(SMALL_BLOCK_GAS_LIMIT);
  });

  test("a raw transaction whose serialisation was tampered with is refused, not mined", async () => {
    const nonce = await nonceOf(node.evm.accounts[4] as string);
    const tx = parseTransaction(await signed(4, { nonce, gas: 21_000n }));
    const broken = serializeTransaction({ ...tx, chainId: 1 } as never, {
      r: tx.r as Hex,
      s: tx.s as Hex,
      yParity: tx.yParity as number,
    });
    expect((await node.call("eth_sendRawTransaction", [broken])).error?.code).toBe(-32000);
  });
});

describe("funded accounts", () => {
  test("each key is the key of its account, and each account holds the native coin", async () => {
    for (const [index, key] of node.evm.privateKeys.entries()) {
      const address = node.evm.accounts[index] as string;
      expect(privateKeyToAccount(key).address.toLowerCase()).toBe(address);
      expect(BigInt(await node.result<string>("eth_getBalance", [address]))).toBeGreaterThan(10n ** 18n);
    }
  });
});

test("with blockTimeMs, the chain makes blocks by itself", async () => {
  const evm = await createEvmSurface({ blockTimeMs: 20, demoBlock: false });
  try {
    const head = async () => Number(await evm.provider.request({ method: "eth_blockNumber" }));
    const start = await head();
    const deadline = Date.now() + 10_000;
    while ((await head()) < start + 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(await head()).toBeGreaterThanOrEqual(start + 3);
  } finally {
    await evm.close();
  }
});
