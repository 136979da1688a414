import type { WalletTamper } from "chainkit/sandbox";
import {
  ConfigurationError,
  ContractCallError,
  createWalletClient,
  privateKeySigner,
  RequestValidationError,
  TransactionFailedError,
  TransactionMismatchError,
  TransactionWaitTimeoutError,
  toHexAddress,
  type WalletClient,
} from "chainkit/wallet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spySigner } from "../support/spy-signer.js";
import { startWalletNode, type WalletNode } from "../support/wallet-node.js";

let node: WalletNode;
let wallet: WalletClient;
beforeAll(async () => {
  node = await startWalletNode();
  wallet = createWalletClient({ url: node.url, credentials: { token: node.token } });
});
afterAll(() => node.close());

const TRANSFER_TOPIC = "ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
const APPROVAL_TOPIC = "8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925";
const word = (address: string) => toHexAddress(address).slice(2).padStart(64, "0");
const freshAddress = (byte: string) => privateKeySigner(byte.repeat(32)).address;

/** Waits for a transaction while the test produces the blocks it needs (two: one to hold it, one to solidify it). */
async function landed(txID: string, confirmed = true) {
  const waiting = wallet.waitForTransaction(txID, { confirmed, interval: 10, timeout: 10_000 });
  node.surface.produceBlock();
  node.surface.produceBlock();
  return waiting;
}

describe("TRC-20 reads: the erc20 method set", () => {
  it("name, symbol, decimals, totalSupply, balanceOf and allowance", async () => {
    const token = wallet.trc20(node.surface.trc20Address);
    expect(await token.name()).toBe("Sandbox Dollar");
    expect(await token.symbol()).toBe("SBXD");
    expect(await token.decimals()).toBe(6);
    expect(await token.totalSupply()).toBe(123_456_789_012_345_678_901n);
    expect(await token.allowance(node.surface.demo.address, freshAddress("61"))).toBe(0n);
    const bad = await token.allowance("nobody", freshAddress("61")).catch((e: unknown) => e);
    expect((bad as RequestValidationError).field).toBe("/owner");
  });

  it("getContract and getContractInfo describe the token; another address reads as null", async () => {
    const contract = await wallet.getContract({ value: node.surface.trc20Address });
    expect(contract?.contract_address).toBe(node.surface.trc20Address);
    expect(contract?.abi?.entrys?.find((entry) => entry.name === "transfer")).toMatchObject({
      type: "Function",
      stateMutability: "Nonpayable",
    });
    const info = await wallet.getContractInfo({
      value: toHexAddress(node.surface.trc20Address),
      visible: false,
    });
    expect(info?.smart_contract.contract_address).toBe(toHexAddress(node.surface.trc20Address));
    expect(await wallet.getContract({ value: freshAddress("62") })).toBeNull();
  });
});

describe("TRC-20 writes, checked before signing", () => {
  it("transfer: waited for until confirmed, balances move, the Transfer log is in the block's receipts", async () => {
    const token = wallet.trc20(node.surface.trc20Address);
    const signer = spySigner(node.surface.demo.privateKey);
    const to = freshAddress("63");
    const before = await token.balanceOf(signer.address);

    const { txID, result } = await token.transfer(to, 2_500_000n, signer, { feeLimit: 50_000_000n });
    expect(result).toEqual({ result: true, txid: txID });
    expect(signer.calls).toHaveLength(1);
    expect(await wallet.getTransactionInfoById({ value: txID })).toBeNull();

    const receipt = await landed(txID);
    expect(receipt.receipt?.result).toBe("SUCCESS");
    expect(receipt.log?.[0]).toEqual({
      address: toHexAddress(node.surface.trc20Address).slice(2),
      topics: [TRANSFER_TOPIC, word(signer.address), word(to)],
      data: 2_500_000n.toString(16).padStart(64, "0"),
    });
    expect(await token.balanceOf(to)).toBe(2_500_000n);
    expect(await token.balanceOf(signer.address)).toBe(before - 2_500_000n);

    const block = receipt.blockNumber as bigint;
    const receipts = await wallet.getTransactionInfoByBlockNum({ num: block }, { confirmed: true });
    expect(receipts.map((info) => info.id)).toContain(txID);
    expect(await wallet.getTransactionInfoByBlockNum({ num: block + 100n })).toEqual([]);
    expect((await wallet.getTransactionById({ value: txID }))?.ret?.[0]?.contractRet).toBe("SUCCESS");
  });

  it("approve: the allowance is set and an Approval log emitted", async () => {
    const token = wallet.trc20(node.surface.trc20Address);
    const signer = privateKeySigner(node.surface.demo.privateKey);
    const spender = freshAddress("64");
    const { txID } = await token.approve(spender, 7_000n, signer);
    const receipt = await landed(txID, false);
    expect(receipt.log?.[0]?.topics).toEqual([APPROVAL_TOPIC, word(signer.address), word(spender)]);
    expect(await token.allowance(signer.address, spender)).toBe(7_000n);
  });

  it("a transfer the contract reverts is a TransactionFailedError with the decoded reason", async () => {
    const demo = privateKeySigner(node.surface.demo.privateKey);
    const poor = privateKeySigner("65".repeat(32));
    await wallet.transfer({ to: poor.address, amount: 50_000_000n }, demo);
    node.surface.produceBlock();
    const { txID } = await wallet.trc20(node.surface.trc20Address).transfer(freshAddress("66"), 1n, poor);
    const error = await landed(txID).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransactionFailedError);
    expect((error as TransactionFailedError).result).toBe("REVERT");
    expect((error as TransactionFailedError).reason).toBe("TRC20: transfer amount exceeds balance");
    expect((error as TransactionFailedError).message).toMatch(
      /reverted by the contract: TRC20: transfer amount/,
    );
  });

  it("a fee limit too low for the energy is OUT_OF_ENERGY, in words", async () => {
    const signer = privateKeySigner(node.surface.demo.privateKey);
    const { txID } = await wallet
      .trc20(node.surface.trc20Address)
      .transfer(freshAddress("67"), 1n, signer, { feeLimit: 1n });
    const error = (await landed(txID).catch((e: unknown) => e)) as TransactionFailedError;
    expect(error).toBeInstanceOf(TransactionFailedError);
    expect(error.result).toBe("OUT_OF_ENERGY");
    expect(error.message).toMatch(/ran out of energy \(raise the fee limit/);
    expect(error.reason).toMatch(/Not enough energy/);
  });

  it("a fee limit above the cap, a bad recipient or amount are refused before sending", async () => {
    const token = wallet.trc20(node.surface.trc20Address);
    const signer = spySigner(node.surface.demo.privateKey);
    const before = wallet.usage().requests;
    const cases: [() => Promise<unknown>, string][] = [
      [() => token.transfer(freshAddress("68"), 1n, signer, { feeLimit: 2_000_000_000n }), "/feeLimit"],
      [() => token.transfer(freshAddress("68"), 1n, signer, { feeLimit: 0n }), "/feeLimit"],
      [() => token.transfer("T123", 1n, signer), "/to"],
      [() => token.approve("T123", 1n, signer), "/spender"],
      [() => token.transfer(freshAddress("68"), 0n, signer), "/amount"],
      [() => token.transfer(freshAddress("68"), 2n ** 256n, signer), "/amount"],
    ];
    for (const [send, field] of cases) {
      const error = await send().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RequestValidationError);
      expect((error as RequestValidationError).field).toBe(field);
    }
    expect(wallet.usage().requests).toBe(before);
    expect(signer.calls).toEqual([]);
    // The call may raise the cap, and so may the client.
    await token.transfer(freshAddress("68"), 1n, signer, {
      feeLimit: 2_000_000_000n,
      maxFeeLimit: 2_000_000_000n,
    });
    const generous = createWalletClient({
      url: node.url,
      credentials: { token: node.token },
      maxFeeLimit: 3_000_000_000n,
    });
    await generous
      .trc20(node.surface.trc20Address)
      .transfer(freshAddress("68"), 1n, signer, { feeLimit: 2_000_000_000n });
    expect(signer.calls).toHaveLength(2);
    expect(() =>
      createWalletClient({ url: node.url, credentials: { token: node.token }, maxFeeLimit: -1 }),
    ).toThrow(ConfigurationError);
  });

  it("a call's cap that is not a positive whole number of sun is refused, not replaced by the client's", async () => {
    const token = wallet.trc20(node.surface.trc20Address);
    const signer = spySigner(node.surface.demo.privateKey);
    const before = wallet.usage().requests;
    for (const maxFeeLimit of [Number.NaN, Number.POSITIVE_INFINITY, 1.5, 0, -1, -1n, 2n ** 63n, 2 ** 53]) {
      for (const send of [token.transfer, token.approve]) {
        const error = await send(freshAddress("69"), 1n, signer, { feeLimit: 1_000_000n, maxFeeLimit }).catch(
          (e: unknown) => e,
        );
        expect(error, String(maxFeeLimit)).toBeInstanceOf(RequestValidationError);
        expect((error as RequestValidationError).field).toBe("/maxFeeLimit");
        expect((error as Error).message).toContain(
          `must be a positive whole number of sun below 2^63 (1 TRX = 1 000 000 sun), got ${maxFeeLimit}`,
        );
      }
    }
    expect(wallet.usage().requests).toBe(before);
    expect(signer.calls).toEqual([]);
    expect(() =>
      createWalletClient({ url: node.url, credentials: { token: node.token }, maxFeeLimit: Number.NaN }),
    ).toThrow(/maxFeeLimit.*must be a positive whole number of sun below 2\^63/);
  });

  it("no contract at the address: the node refuses to build, a ContractCallError in words", async () => {
    const signer = spySigner(node.surface.demo.privateKey);
    const error = await wallet
      .trc20(freshAddress("69"))
      .transfer(freshAddress("68"), 1n, signer)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractCallError);
    expect((error as ContractCallError).reason).toBe("no contract");
    expect((error as ContractCallError).message).toMatch(/there is no contract at that address/);
    expect(signer.calls).toEqual([]);
  });
});

describe("a node that alters the TRC-20 call gets no signature", () => {
  const VALUE = "/raw_data/contract/0/parameter/value";
  const cases: [WalletTamper, "transfer" | "approve", string, RegExp?][] = [
    ["recipient", "transfer", `${VALUE}/data`, /calls with another recipient/],
    ["recipient", "approve", `${VALUE}/data`, /calls with another spender/],
    ["amount", "transfer", `${VALUE}/data`, /calls with another amount/],
    ["amount", "approve", `${VALUE}/data`, /calls with another amount/],
    ["selector", "transfer", `${VALUE}/data`, /calls another function/],
    ["selector", "approve", `${VALUE}/data`, /calls another function/],
    ["abiCoding", "transfer", `${VALUE}/data`, /ABI-code/],
    ["contract", "transfer", `${VALUE}/contract_address`, /another contract/],
    ["contract", "approve", `${VALUE}/contract_address`],
    ["owner", "transfer", `${VALUE}/owner_address`, /another owner/],
    ["owner", "approve", `${VALUE}/owner_address`],
    ["callValue", "transfer", `${VALUE}/call_value`, /TRX sent along/],
    ["callValue", "approve", `${VALUE}/call_value`],
    ["tokenValue", "transfer", `${VALUE}/call_token_value`],
    ["tokenValue", "approve", `${VALUE}/call_token_value`],
    ["feeLimit", "transfer", "/raw_data/fee_limit", /another fee limit/],
    ["feeLimit", "approve", "/raw_data/fee_limit"],
    ["expiration", "transfer", "/raw_data/expiration"],
    ["expiration", "approve", "/raw_data/expiration"],
    ["extraContract", "transfer", "/raw_data/contract"],
    ["extraContract", "approve", "/raw_data/contract"],
    ["trailingBytes", "transfer", "/raw_data_hex", /unknown field 15/],
    ["trailingBytes", "approve", "/raw_data_hex"],
    ["contractType", "transfer", "/raw_data/contract/0/type"],
    ["memo", "transfer", "/raw_data/data"],
    ["txID", "transfer", "/txID"],
    ["rawDataJson", "transfer", `${VALUE}/data`, /raw_data differs/],
  ];
  it.each(cases)("tampered %s (%s): TransactionMismatchError at %s", async (kind, name, field, words) => {
    const signer = spySigner(node.surface.demo.privateKey);
    const token = wallet.trc20(node.surface.trc20Address);
    node.surface.setTamper(kind);
    try {
      const error = await token[name](freshAddress("71"), 1_234n, signer, { feeLimit: 40_000_000n }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(TransactionMismatchError);
      expect((error as TransactionMismatchError).field).toBe(field);
      if (words) expect((error as TransactionMismatchError).message).toMatch(words);
      expect(signer.calls).toEqual([]);
    } finally {
      node.surface.setTamper(undefined);
    }
  });
});

describe("transaction ids", () => {
  it("a 0x-prefixed txID is accepted by every operation that takes one; a malformed one is refused in words", async () => {
    const signer = privateKeySigner(node.surface.demo.privateKey);
    const { txID } = await wallet.transfer({ to: freshAddress("72"), amount: 1_000n }, signer);
    node.surface.produceBlock();
    const receipt = await wallet.waitForTransaction(`0x${txID}`, { interval: 10, timeout: 10_000 });
    expect(receipt.id).toBe(txID);
    expect((await wallet.getTransactionById({ value: `0x${txID.toUpperCase()}` }))?.txID).toBe(txID);
    expect((await wallet.getTransactionInfoById({ value: `0x${txID}` }, { confirmed: false }))?.id).toBe(
      txID,
    );
    for (const read of [
      () => wallet.getTransactionById({ value: "0x1234" }),
      () => wallet.getTransactionInfoById({ value: `0x${txID}`.slice(0, 40) }, { confirmed: true }),
      () => wallet.waitForTransaction("not a txid"),
    ]) {
      const error = (await read().catch((e: unknown) => e)) as RequestValidationError;
      expect(error).toBeInstanceOf(RequestValidationError);
      expect(error.field).toBe("/body/value");
      expect(error.message).toMatch(/64 hex/);
    }
  });

  it("a transaction that never lands times out in words", async () => {
    const error = await wallet
      .waitForTransaction("ab".repeat(32), { timeout: 50, interval: 10 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransactionWaitTimeoutError);
    expect((error as Error).message).toMatch(/was not in a block within 50 ms/);
  });
});
