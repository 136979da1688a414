import {
  createEvmClient,
  type EvmClient,
  ProofError,
  verifyBlockHash,
  verifyReceiptsRoot,
} from "chainkit/evm";
import { type Sandbox, startSandbox } from "chainkit/sandbox";
import { chainkitTransport } from "chainkit/viem";
import { createWalletClient, defineChain, type Hash, parseEther, type WalletClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOG_CONTRACT_INIT_CODE } from "./log-contract.js";

// evm.getVerifiedReceipt against the sandbox (its chain behind HyperEVM's rules), over real sockets:
// legacy, EIP-2930 and EIP-1559 transactions signed here, calls that log, a creation and a failed
// call. The sandbox mines each transaction in its own block.

const KEY = "0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba"; // test-only
const account = privateKeyToAccount(KEY);

let sandbox: Sandbox;
let evm: EvmClient;
let wallet: WalletClient;
const sent: Record<string, Hash> = {};

beforeAll(async () => {
  sandbox = await startSandbox();
  await sandbox.evm.fund(account.address, parseEther("10"));
  const credentials = { token: sandbox.credentials.nodeToken };
  evm = createEvmClient({ url: sandbox.urls.evm, credentials });
  const chain = defineChain({
    id: sandbox.evm.chainId,
    name: "chainkit sandbox",
    nativeCurrency: { name: "HYPE", symbol: "HYPE", decimals: 18 },
    rpcUrls: { default: { http: [sandbox.urls.evm] } },
  });
  wallet = createWalletClient({
    account,
    chain,
    transport: chainkitTransport({ url: sandbox.urls.evm, credentials }),
  });
  const send = (request: Parameters<WalletClient["sendTransaction"]>[0]) => wallet.sendTransaction(request);
  sent.creation = await send({
    account,
    chain,
    data: LOG_CONTRACT_INIT_CODE as `0x${string}`,
    type: "legacy",
  });
  const created = await evm.eth_getTransactionReceipt(sent.creation);
  const contract = created?.contractAddress as `0x${string}`;
  sent.legacy = await send({ account, chain, to: contract, data: "0x1234", type: "legacy" });
  sent.accessList = await send({
    account,
    chain,
    to: contract,
    data: "0x",
    type: "eip2930",
    accessList: [{ address: contract, storageKeys: [] }],
    gas: 60_000n, // ganache estimates without the access list's cost
  });
  sent.dynamicFee = await send({
    account,
    chain,
    to: contract,
    data: `0x${"ab".repeat(40)}`,
    type: "eip1559",
  });
  sent.transfer = await send({
    account,
    chain,
    to: sandbox.fixtures.evmAccounts[0] as `0x${string}`,
    value: 5n,
    type: "eip1559",
  });
  sent.failed = await send({ account, chain, to: contract, data: "0x01", gas: 22_000n, type: "eip1559" });
}, 60_000);

afterAll(async () => {
  await sandbox?.close();
});

describe("evm.getVerifiedReceipt against the sandbox", () => {
  it("verifies every kind of receipt the sandbox makes, each tied to its block and transaction", async () => {
    const seen = new Map<string, string>();
    for (const [name, hash] of Object.entries(sent)) {
      const verified = await evm.getVerifiedReceipt(hash);
      expect(verified, name).not.toBeNull();
      const receipt = verified?.receipt;
      expect(receipt?.transactionHash).toBe(hash);
      expect(receipt).toEqual(await evm.eth_getTransactionReceipt(hash));
      seen.set(name, `${receipt?.type} ${receipt?.status} ${receipt?.logs.length}`);
    }
    expect(Object.fromEntries(seen)).toEqual({
      creation: "0x0 0x1 0",
      legacy: "0x0 0x1 2",
      accessList: "0x1 0x1 2",
      dynamicFee: "0x2 0x1 2",
      transfer: "0x2 0x1 0",
      failed: "0x2 0x0 0",
    });
  });

  it("eth_getBlockReceipts of each block hashes to its header's receiptsRoot", async () => {
    for (const hash of Object.values(sent)) {
      const receipt = await evm.eth_getTransactionReceipt(hash);
      const block = await evm.eth_getBlockByHash(receipt?.blockHash as string, false);
      const receipts = await evm.eth_getBlockReceipts(receipt?.blockHash as string);
      if (block === null || receipts === null) throw new Error("the sandbox lost a block");
      expect(verifyBlockHash(block)).toBe(block.hash);
      expect(verifyReceiptsRoot(receipts, block)).toBe(block.receiptsRoot);
    }
  });

  it("returns null for a transaction the node does not know", async () => {
    expect(await evm.getVerifiedReceipt(`0x${"12".repeat(32)}`)).toBeNull();
  });

  it("refuses a receipt the node changes on the way (a proxy in the middle rewrites the logs)", async () => {
    // The same node, seen through a fetch that changes one log's data in every receipt it passes on.
    const lying = createEvmClient({
      url: sandbox.urls.evm,
      credentials: { token: sandbox.credentials.nodeToken },
      fetch: async (input, init) => {
        const answer = await fetch(input, init);
        const text = (await answer.text()).replace(/"data":"0x1234"/g, '"data":"0x1235"');
        return new Response(text, { status: answer.status, headers: answer.headers });
      },
    });
    const error = await lying.getVerifiedReceipt(sent.legacy as Hash).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProofError);
    expect(error).toMatchObject({ subject: "receipts", field: "receiptsRoot" });
  });
});
