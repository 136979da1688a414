import {
  CallRevertedError,
  contract,
  createEvmClient,
  type EvmClient,
  erc20,
  hexToBigInt,
  LOG_WINDOW_BLOCKS,
  privateKeySigner,
  RequestValidationError,
} from "chainkit/evm";
import { type Sandbox, startSandbox } from "chainkit/sandbox";
import { encodeEventTopics } from "viem";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { BOARD, TEST_TOKEN } from "../fixtures/evm/contracts/contracts.js";

// contract(), erc20() and evm.logs with chainkit alone against the sandbox: contracts compiled from
// the Solidity sources in test/fixtures/evm/contracts are deployed with evm.sendTransaction, then
// read, written and their logs walked.

let sandbox: Sandbox;
let evm: EvmClient;
let owner: ReturnType<typeof privateKeySigner>;
let boardAddress: `0x${string}`;
let tokenAddress: `0x${string}`;
const fresh = () => `0x${Buffer.from(crypto.getRandomValues(new Uint8Array(20))).toString("hex")}` as const;

async function deploy(bytecode: `0x${string}`): Promise<`0x${string}`> {
  const receipt = await evm.waitForReceipt(await evm.sendTransaction({ data: bytecode }, owner));
  return receipt.contractAddress as `0x${string}`;
}

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 23 });
  evm = createEvmClient({ url: sandbox.urls.evm, credentials: { token: sandbox.credentials.nodeToken } });
  owner = privateKeySigner(sandbox.credentials.evmPrivateKey);
  [boardAddress, tokenAddress] = [await deploy(BOARD.bytecode), await deploy(TEST_TOKEN.bytecode)];
}, 60_000);

afterAll(async () => {
  await sandbox?.close();
});

describe("contract()", () => {
  it("reads with types inferred from the const ABI", async () => {
    const board = contract(evm, boardAddress, BOARD.abi);
    const [title, author, summary] = await Promise.all([
      board.read.title(),
      board.read.owner(),
      board.read.summary(),
    ]);
    expectTypeOf(title).toEqualTypeOf<string>();
    expectTypeOf(author).toEqualTypeOf<`0x${string}`>();
    expectTypeOf(summary).toEqualTypeOf<readonly [`0x${string}`, bigint, boolean]>();
    expect(title).toBe("chainkit board");
    expect(author.toLowerCase()).toBe(owner.address.toLowerCase());
    expect(summary[2]).toBe(typeof summary[1] === "bigint" && summary[1] === 0n);
    expect(await board.read.divide([84n, 2n])).toBe(42n);
  });

  it("writes through sendTransaction, and the next read sees the change", async () => {
    const board = contract(evm, boardAddress, BOARD.abi);
    const before = await board.read.count();
    const receipt = await evm.waitForReceipt(await board.write.post(["gm"], owner));
    expect(receipt.logs).toHaveLength(1);
    const after = await board.read.count();
    expect(after).toBe(before + 1n);
    expect(await board.read.posts([after])).toBe("gm");
    await evm.waitForReceipt(await board.write.setTitle(["renamed"], owner));
    expect(await board.read.title()).toBe("renamed");
  });

  it("decodes revert strings, panics and custom errors", async () => {
    const board = contract(evm, boardAddress, BOARD.abi);
    const revert = await board.read.fail(["not today"]).catch((e) => e);
    expect(revert).toBeInstanceOf(CallRevertedError);
    expect(revert.reason).toMatchObject({ name: "Error", message: "not today" });
    const panic = await board.read.divide([1n, 0n]).catch((e) => e);
    expect(panic.reason).toMatchObject({ name: "Panic", args: 0x12n });
    expect(panic.reason.message).toContain("0x12");

    // Someone else may not set the title: NotOwner(caller, owner), from the ABI's error entry.
    const stranger = privateKeySigner(Buffer.from(crypto.getRandomValues(new Uint8Array(32))));
    await sandbox.evm.fund(stranger.address, 10n ** 18n);
    const custom = await board.write.setTitle(["mine"], stranger).catch((e) => e);
    expect(custom).toBeInstanceOf(CallRevertedError);
    expect(custom.reason.name).toBe("NotOwner");
    expect(custom.reason.signature).toBe("NotOwner(address,address)");
    expect((custom.reason.args as { caller: string }).caller.toLowerCase()).toBe(
      stranger.address.toLowerCase(),
    );
  });

  it("refuses arguments that do not fit the ABI, and a bad address, before sending", async () => {
    expect(() => contract(evm, "0x12" as `0x${string}`, BOARD.abi)).toThrow(RequestValidationError);
    const board = contract(evm, boardAddress, BOARD.abi);
    const before = sandbox.requestCount("evm");
    const error = await board.read.divide(["x" as unknown as bigint, 1n]).catch((e) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error.field).toBe("/args");
    expect(sandbox.requestCount("evm")).toBe(before);
  });
});

describe("erc20()", () => {
  it("reads name, symbol, decimals and supply", async () => {
    const token = erc20(evm, tokenAddress);
    expect(await Promise.all([token.name(), token.symbol(), token.decimals(), token.totalSupply()])).toEqual([
      "Test Token",
      "TTK",
      6,
      1_000_000n * 10n ** 6n,
    ]);
  });

  it("transfer and approve move balances and allowances; an overdraft's custom error is decoded", async () => {
    const token = erc20(evm, tokenAddress);
    const to = fresh();
    const [ownerBefore, toBefore] = await Promise.all([token.balanceOf(owner.address), token.balanceOf(to)]);
    expect(toBefore).toBe(0n);
    expect((await evm.waitForReceipt(await token.transfer(to, 2_500_000n, owner))).status).toBe("0x1");
    expect(await token.balanceOf(to)).toBe(2_500_000n);
    expect(await token.balanceOf(owner.address)).toBe(ownerBefore - 2_500_000n);

    const spender = fresh();
    expect(await token.allowance(owner.address, spender)).toBe(0n);
    await evm.waitForReceipt(await token.approve(spender, 777n, owner));
    expect(await token.allowance(owner.address, spender)).toBe(777n);

    const overdraft = await token.transfer(to, 10n ** 30n, owner).catch((e) => e);
    expect(overdraft).toBeInstanceOf(CallRevertedError);
    expect(overdraft.method).toBe("eth_estimateGas");
    // erc20() knows only the standard ABI: the token's own error comes back undecoded, with its data.
    expect(overdraft.reason.data.startsWith("0x")).toBe(true);
    const withAbi = await contract(evm, tokenAddress, TEST_TOKEN.abi)
      .write.transfer([to, 10n ** 30n], owner)
      .catch((e) => e);
    expect(withAbi.reason.name).toBe("InsufficientBalance");
    expect((withAbi.reason.args as { needed: bigint }).needed).toBe(10n ** 30n);
  });
});

describe("evm.logs", () => {
  it("walks a range wider than 50 blocks in order, each window within the service's limit", async () => {
    const token = erc20(evm, tokenAddress);
    const from = hexToBigInt(await evm.eth_blockNumber());
    const recipients = [fresh(), fresh(), fresh()];
    const hashes: string[] = [];
    for (const [i, recipient] of recipients.entries()) {
      hashes.push(await token.transfer(recipient, BigInt(i + 1), owner));
      // Empty blocks between the transfers, so the range spans several windows.
      for (let k = 0; k < 40; k++) await sandbox.evm.mine();
    }
    const to = hexToBigInt(await evm.eth_blockNumber());
    expect(to - from + 1n).toBeGreaterThan(2n * LOG_WINDOW_BLOCKS);
    const [transferTopic] = encodeEventTopics({ abi: TEST_TOKEN.abi, eventName: "Transfer" });

    const requests = sandbox.requestCount("evm");
    const found = [];
    for await (const log of evm.logs({
      address: tokenAddress,
      topics: [transferTopic],
      fromBlock: from,
      toBlock: to,
    })) {
      found.push(log);
    }
    expect(found.map((log) => log.transactionHash)).toEqual(hashes);
    const windows = Number((to - from) / LOG_WINDOW_BLOCKS + 1n);
    expect(sandbox.requestCount("evm") - requests).toBe(windows);

    await expect(evm.logs({ fromBlock: 10n, toBlock: 5n }).next()).rejects.toThrow(RequestValidationError);
  });
});
