import { createWalletClient, privateKeySigner, toHexAddress } from "chainkit/wallet";
import { TronWeb } from "tronweb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWalletNode, type WalletNode } from "../support/wallet-node.js";

// tronweb, a client nobody here wrote, against the sandbox's wallet node: its reads, and a transfer
// it builds, signs and broadcasts with its own code.
let node: WalletNode;
beforeAll(async () => {
  node = await startWalletNode();
});
afterAll(() => node.close());

const peers = {
  token: () => new TronWeb({ fullHost: `${node.url}/${node.token}` }),
  basic: () =>
    new TronWeb({
      fullHost: node.url,
      headers: {
        Authorization: `Basic ${Buffer.from(`${node.username}:${node.password}`).toString("base64")}`,
      },
    }),
};

describe.each(["token", "basic"] as const)("tronweb against the sandbox, %s auth", (mode) => {
  it("reads an account, its balance and resources, and blocks", async () => {
    const tronWeb = peers[mode]();
    const demo = node.surface.demo.address;
    node.surface.produceBlock();
    const account = await tronWeb.trx.getUnconfirmedAccount(demo);
    expect(account.address).toBe(toHexAddress(demo));
    expect(await tronWeb.trx.getUnconfirmedBalance(demo)).toBe(Number(account.balance));
    expect((await tronWeb.trx.getAccount(demo)).address).toBe(toHexAddress(demo)); // walletsolidity
    expect((await tronWeb.trx.getAccountResources(demo)).freeNetLimit).toBe(600);
    const head = await tronWeb.trx.getCurrentBlock();
    const number = head.block_header.raw_data.number;
    expect((await tronWeb.trx.getBlockByNumber(number)).blockID).toBe(head.blockID);
    expect((await tronWeb.trx.getBlockByHash(head.blockID)).blockID).toBe(head.blockID);
    expect((await tronWeb.trx.getConfirmedCurrentBlock()).block_header.raw_data.number).toBe(number - 1);
  });

  it("sends TRX (tronweb builds and signs); chainkit and tronweb then see the transaction and its receipt", async () => {
    const tronWeb = peers[mode]();
    const recipient = privateKeySigner((mode === "token" ? "51" : "52").repeat(32)).address;
    const sent = await tronWeb.trx.sendTransaction(recipient, 1_500_000, {
      privateKey: node.surface.demo.privateKey,
    });
    expect(sent.result).toBe(true);
    const txID = sent.transaction.txID;

    node.surface.produceBlock();
    node.surface.produceBlock();
    expect((await tronWeb.trx.getTransaction(txID)).txID).toBe(txID);
    expect((await tronWeb.trx.getConfirmedTransaction(txID)).txID).toBe(txID);
    expect((await tronWeb.trx.getTransactionInfo(txID)).id).toBe(txID); // walletsolidity
    expect(await tronWeb.trx.getUnconfirmedBalance(recipient)).toBe(1_500_000);

    const chainkit = createWalletClient({ url: node.url, credentials: { token: node.token } });
    const tx = await chainkit.getTransactionById({ value: txID });
    // tronweb writes v in upper case (1B/1C); the node keeps signatures as lowercase hex.
    expect(tx?.signature).toEqual(
      sent.transaction.signature.map((signature: string) => signature.toLowerCase()),
    );
    expect((await chainkit.getAccount({ address: recipient }))?.balance).toBe(1_500_000n);
  });

  it("reads a transaction chainkit sent", async () => {
    const tronWeb = peers[mode]();
    const chainkit = createWalletClient({ url: node.url, credentials: { token: node.token } });
    const signer = privateKeySigner(node.surface.demo.privateKey);
    const { txID } = await chainkit.transfer(
      { to: "TPLkz8rzTT7gKRS1bUm3hBcvw1EExAbKTV", amount: 7n },
      signer,
    );
    node.surface.produceBlock();
    const tx = await tronWeb.trx.getTransaction(txID);
    expect(tronWeb.trx.ecRecover({ ...tx, visible: false })).toBe(signer.address);
    expect((await tronWeb.trx.getUnconfirmedTransactionInfo(txID)).blockNumber).toBeGreaterThan(0);
  });

  it("a TRC-20 transfer chainkit sends is seen by tronweb's contract().at(token).balanceOf(to).call()", async () => {
    const tronWeb = peers[mode]();
    const chainkit = createWalletClient({ url: node.url, credentials: { token: node.token } });
    const to = privateKeySigner((mode === "token" ? "53" : "54").repeat(32)).address;
    const { txID } = await chainkit
      .trc20(node.surface.trc20Address)
      .transfer(to, 4_321n, privateKeySigner(node.surface.demo.privateKey));
    node.surface.produceBlock();
    expect((await chainkit.waitForTransaction(txID)).receipt?.result).toBe("SUCCESS");
    // tronweb makes constant calls from its default address (it sends no valid owner without one).
    tronWeb.setAddress(node.surface.demo.address);
    const token = await tronWeb.contract().at(node.surface.trc20Address);
    expect(BigInt((await token.balanceOf(to).call()).toString())).toBe(4_321n);
  });

  it("a TRC-20 transfer tronweb builds, signs and sends is seen by chainkit", async () => {
    const tronWeb = peers[mode]();
    const chainkit = createWalletClient({ url: node.url, credentials: { token: node.token } });
    const to = privateKeySigner((mode === "token" ? "55" : "56").repeat(32)).address;
    const token = await tronWeb.contract().at(node.surface.trc20Address);
    const txID: string = await token
      .transfer(to, 9_876)
      .send({ feeLimit: 100_000_000 }, node.surface.demo.privateKey);
    node.surface.produceBlock();
    node.surface.produceBlock();
    const receipt = await chainkit.waitForTransaction(txID, { confirmed: true });
    expect(receipt.log?.[0]?.topics?.[2]).toBe(toHexAddress(to).slice(2).padStart(64, "0"));
    expect(await chainkit.trc20(node.surface.trc20Address).balanceOf(to)).toBe(9_876n);
  });
});
