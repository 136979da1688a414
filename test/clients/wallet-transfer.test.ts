import { inspect } from "node:util";
import type { WalletTamper } from "chainkit/sandbox";
import {
  BroadcastError,
  ContractCallError,
  ContractRevertError,
  createWalletClient,
  privateKeySigner,
  RequestValidationError,
  TransactionMismatchError,
  type WalletClient,
  type WalletSigner,
  WalletSignerError,
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

const freshKey = (byte: string) => byte.repeat(32);

describe("transfer end to end", () => {
  it("builds, checks, signs, broadcasts; the balance moves and the receipt appears", async () => {
    const signer = spySigner(node.surface.demo.privateKey);
    const recipient = privateKeySigner(freshKey("21")).address;
    const before = (await wallet.getAccount({ address: signer.address }))?.balance as bigint;

    const { txID, result } = await wallet.transfer({ to: recipient, amount: 3_000_000n }, signer);
    expect(result).toEqual({ result: true, txid: txID });
    expect(signer.calls).toEqual([{ txID, rawDataHex: expect.stringMatching(/^0a02/) }]);
    expect(await wallet.getTransactionInfoById({ value: txID })).toBeNull();

    node.surface.produceBlock();
    const info = await wallet.getTransactionInfoById({ value: txID });
    expect(info?.fee).toBe(1_000_000n); // the recipient's account was created
    expect((await wallet.getAccount({ address: recipient }))?.balance).toBe(3_000_000n);
    expect((await wallet.getAccount({ address: signer.address }))?.balance).toBe(
      before - 3_000_000n - 1_000_000n,
    );
    const tx = await wallet.getTransactionById({ value: txID });
    expect(tx?.signature).toEqual([expect.stringMatching(/^[0-9a-f]{128}1[bc]$/)]);
  });

  it("sends a TRC-10 token, amount as a number", async () => {
    const signer = privateKeySigner(node.surface.demo.privateKey);
    const recipient = privateKeySigner(freshKey("22")).address;
    await wallet.transfer({ to: recipient, amount: 42, asset: "1005416" }, signer);
    node.surface.produceBlock();
    expect((await wallet.getAccount({ address: recipient }))?.assetV2).toEqual([
      { key: "1005416", value: 42n },
    ]);
  });

  it("a second account can send on, from what it received", async () => {
    const demo = privateKeySigner(node.surface.demo.privateKey);
    const second = privateKeySigner(freshKey("23"));
    await wallet.transfer({ to: second.address, amount: 5_000_000n }, demo);
    node.surface.produceBlock();
    await wallet.transfer({ to: demo.address, amount: 1_000_000n }, second);
    node.surface.produceBlock();
    expect((await wallet.getAccount({ address: second.address }))?.balance).toBe(4_000_000n);
  });

  it("a refused broadcast is a BroadcastError with the node's code and text", async () => {
    const demo = privateKeySigner(node.surface.demo.privateKey);
    const spender = privateKeySigner(freshKey("24"));
    await wallet.transfer({ to: spender.address, amount: 3_000_000n }, demo);
    node.surface.produceBlock();
    // While the first transfer is being signed, a second one spends the balance first.
    const racing: WalletSigner = {
      address: spender.address,
      signTransaction: async (transaction) => {
        await wallet.transfer({ to: demo.address, amount: 2_500_000n }, spender);
        return spender.signTransaction(transaction);
      },
    };
    const error = await wallet
      .transfer({ to: demo.address, amount: 2_500_000n }, racing)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BroadcastError);
    expect((error as BroadcastError).code).toBe("CONTRACT_VALIDATE_ERROR");
    expect((error as BroadcastError).serviceMessage).toMatch(/balance is not sufficient/);
    expect((error as BroadcastError).reason).toBe("balance too low");
  });

  it("more TRX than the balance is refused in words when the node will not build it; nothing is signed", async () => {
    const signer = spySigner(node.surface.demo.privateKey);
    const error = await wallet
      .transfer({ to: privateKeySigner(freshKey("26")).address, amount: 10n ** 15n }, signer)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BroadcastError);
    const refused = error as BroadcastError;
    expect(refused.reason).toBe("balance too low");
    expect(refused.code).toBe("CONTRACT_VALIDATE_ERROR");
    expect(refused.message).toMatch(/^The node refused the transaction: the sender's balance is too low/);
    expect(refused.message).not.toMatch(/HTTP 200|org\.tron/);
    expect(refused.serviceMessage).toBe("Validate TransferContract error, balance is not sufficient.");
    expect(refused.txID).toBeUndefined();
    expect(signer.calls).toEqual([]);
  });

  it("an account that never received TRX is refused as not activated", async () => {
    const signer = spySigner(freshKey("25"));
    const error = await wallet
      .transfer({ to: node.surface.demo.address, amount: 1n }, signer)
      .catch((e: unknown) => e);
    expect((error as BroadcastError).reason).toBe("account not activated");
    expect(signer.calls).toEqual([]);
  });
});

describe("a node that alters the transaction gets no signature", () => {
  const cases: [WalletTamper, string, string?][] = [
    ["amount", "/raw_data/contract/0/parameter/value/amount"],
    ["recipient", "/raw_data/contract/0/parameter/value/to_address"],
    ["owner", "/raw_data/contract/0/parameter/value/owner_address"],
    ["txID", "/txID"],
    ["contractType", "/raw_data/contract/0/type"],
    ["expiration", "/raw_data/expiration"],
    ["memo", "/raw_data/data"],
    ["feeLimit", "/raw_data/fee_limit"],
    ["extraContract", "/raw_data/contract"],
    ["rawDataJson", "/raw_data/contract/0/parameter/value/amount"],
    ["trailingBytes", "/raw_data_hex"],
    ["trailingBytes", "/raw_data_hex", "1005416"],
    ["asset", "/raw_data/contract/0/parameter/value/asset_name", "1005416"],
    ["contractType", "/raw_data/contract/0/type", "1005416"],
  ];
  it.each(cases)("tampered %s: TransactionMismatchError at %s (asset %s)", async (kind, field, asset) => {
    const signer = spySigner(node.surface.demo.privateKey);
    const to = privateKeySigner(freshKey("31")).address;
    node.surface.setTamper(kind);
    try {
      const error = await wallet
        .transfer({ to, amount: 1_234n, ...(asset && { asset }) }, signer)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TransactionMismatchError);
      expect((error as TransactionMismatchError).field).toBe(field);
      expect(signer.calls).toEqual([]);
    } finally {
      node.surface.setTamper(undefined);
    }
  });

  it("the same transfer goes through once the node is honest again", async () => {
    const signer = spySigner(node.surface.demo.privateKey);
    await wallet.transfer({ to: privateKeySigner(freshKey("31")).address, amount: 1_234n }, signer);
    expect(signer.calls).toHaveLength(1);
  });

  it("a tighter expiration window refuses the node's usual 60 seconds", async () => {
    const signer = spySigner(node.surface.demo.privateKey);
    const error = await wallet
      .transfer({ to: privateKeySigner(freshKey("31")).address, amount: 1n }, signer, {
        maxExpirationMs: 1_000,
      })
      .catch((e: unknown) => e);
    expect((error as TransactionMismatchError).field).toBe("/raw_data/expiration");
    expect(signer.calls).toEqual([]);
  });

  // Audit: maxExpirationMs was not checked. A string (read from an environment variable) was
  // concatenated to the time, so the window reached millennia ahead and any expiration passed;
  // NaN, Infinity or a fraction threw a plain RangeError after the node had built the transaction.
  it("refuses a maxExpirationMs that is not a positive whole number, before asking the node", async () => {
    const signer = spySigner(node.surface.demo.privateKey);
    const to = privateKeySigner(freshKey("31")).address;
    for (const maxExpirationMs of ["300000", Number.NaN, Number.POSITIVE_INFINITY, 1.5, 0, -1]) {
      const before = wallet.usage().requests;
      const error = await wallet
        .transfer({ to, amount: 1n }, signer, { maxExpirationMs: maxExpirationMs as number })
        .catch((e: unknown) => e);
      expect(error, String(maxExpirationMs)).toBeInstanceOf(RequestValidationError);
      expect((error as RequestValidationError).issues[0]?.pointer).toBe("/options/maxExpirationMs");
      expect(wallet.usage().requests).toBe(before);
    }
    expect(signer.calls).toEqual([]);
  });
});

describe("transfer inputs and signers", () => {
  it("refuses a bad recipient, amount or token before sending", async () => {
    const signer = privateKeySigner(node.surface.demo.privateKey);
    const before = wallet.usage().requests;
    for (const [request, field] of [
      [{ to: "T123", amount: 1n }, "/to"],
      [{ to: signer.address, amount: 1n }, "/to"],
      [{ to: "TPLkz8rzTT7gKRS1bUm3hBcvw1EExAbKTV", amount: 0n }, "/amount"],
      [{ to: "TPLkz8rzTT7gKRS1bUm3hBcvw1EExAbKTV", amount: 1.5 }, "/amount"],
      [{ to: "TPLkz8rzTT7gKRS1bUm3hBcvw1EExAbKTV", amount: 2n ** 63n }, "/amount"],
      [{ to: "TPLkz8rzTT7gKRS1bUm3hBcvw1EExAbKTV", amount: 1n, asset: "TRN" }, "/asset"],
    ] as const) {
      const error = await wallet.transfer(request, signer).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RequestValidationError);
      expect((error as RequestValidationError).field).toBe(field);
    }
    expect(wallet.usage().requests).toBe(before);
  });

  it("a signer whose signature does not recover to its address gets nothing broadcast", async () => {
    const honest = privateKeySigner(node.surface.demo.privateKey);
    const other = privateKeySigner(freshKey("41"));
    const liar: WalletSigner = { address: honest.address, signTransaction: (t) => other.signTransaction(t) };
    const before = node.server.requestCount;
    const error = await wallet.transfer({ to: other.address, amount: 1n }, liar).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WalletSignerError);
    expect(node.server.requestCount - before).toBe(1); // the build, no broadcast
  });

  it("privateKeySigner refuses bad keys without showing them, and never shows its key", () => {
    const secret = "ab".repeat(32);
    const signer = privateKeySigner(`0x${secret}`);
    expect(`${inspect(signer, { showHidden: true, depth: 5 })} ${JSON.stringify(signer)}`).not.toContain(
      secret,
    );
    const bad = `${"zz".repeat(32)}`;
    const error = (() => {
      try {
        privateKeySigner(bad);
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error).toBeInstanceOf(WalletSignerError);
    expect(`${error?.message} ${inspect(error)}`).not.toContain(bad);
    expect(() => privateKeySigner("00".repeat(32))).toThrowError(WalletSignerError);
  });
});

describe("TRC-20 reads", () => {
  it("reads exact balances above 2^53, decimals and symbol", async () => {
    const token = wallet.trc20(node.surface.trc20Address);
    expect(await token.balanceOf(node.surface.demo.address)).toBe(123_456_789_012_345_678_901n);
    expect(await token.decimals()).toBe(6);
    expect(await token.symbol()).toBe("SBXD");
  });

  it("a revert is a ContractRevertError with the decoded reason", async () => {
    const token = wallet.trc20(node.surface.trc20Address);
    const error = await token.balanceOf("T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractRevertError);
    expect((error as ContractRevertError).reason).toBe("TRC20: balance query for the zero address");
    expect((error as ContractRevertError).functionSelector).toBe("balanceOf(address)");
  });

  it("no contract at the address is a ContractCallError; a bad owner is refused before sending", async () => {
    const missing = await wallet
      .trc20("TPLkz8rzTT7gKRS1bUm3hBcvw1EExAbKTV")
      .decimals()
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(ContractCallError);
    expect((missing as ContractCallError).code).toBe("CONTRACT_VALIDATE_ERROR");
    const bad = await wallet
      .trc20(node.surface.trc20Address)
      .balanceOf("nobody")
      .catch((e: unknown) => e);
    expect((bad as RequestValidationError).field).toBe("/owner");
  });
});
