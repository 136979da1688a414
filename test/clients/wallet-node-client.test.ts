import {
  createWalletClient,
  HttpError,
  privateKeySigner,
  RequestValidationError,
  toHexAddress,
  type WalletClient,
} from "chainkit/wallet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWalletNode, type WalletNode } from "../support/wallet-node.js";

let node: WalletNode;
beforeAll(async () => {
  node = await startWalletNode();
});
afterAll(() => node.close());

const RECIPIENT = "TPLkz8rzTT7gKRS1bUm3hBcvw1EExAbKTV";

/** What the client sent: path (token masked) and JSON body or query. */
interface Sent {
  path: string;
  body: unknown;
  authorization: string | null;
}

function clientFor(mode: "token" | "basic"): { wallet: WalletClient; sent: Sent[] } {
  const sent: Sent[] = [];
  const wallet = createWalletClient({
    url: node.url,
    credentials:
      mode === "token" ? { token: node.token } : { username: node.username, password: node.password },
    fetch: async (input, init) => {
      const url = new URL(String(input));
      const body =
        typeof init?.body === "string" ? JSON.parse(init.body) : Object.fromEntries(url.searchParams);
      const authorization = new Headers(init?.headers).get("authorization");
      sent.push({ path: url.pathname.replace(node.token, "TOKEN"), body, authorization });
      return fetch(input, init);
    },
  });
  return { wallet, sent };
}

describe.each(["token", "basic"] as const)("every operation over HTTP, %s auth", (mode) => {
  let wallet: WalletClient;
  let sent: Sent[];
  beforeAll(() => {
    ({ wallet, sent } = clientFor(mode));
  });
  const demo = () => node.surface.demo.address;
  const prefix = mode === "token" ? "/TOKEN" : "";

  it("sends the credentials the mode asks for and visible on every request", async () => {
    await wallet.getNowBlock();
    const last = sent.at(-1) as Sent;
    expect(last.path).toBe(`${prefix}/wallet/getnowblock`);
    expect(last.body).toEqual({ visible: "true" });
    expect(last.authorization === null).toBe(mode === "token");
  });

  it("getAccount: either address form, either encoding; int64 as bigint; null for no account", async () => {
    const plain = await wallet.getAccount({ address: toHexAddress(demo()) });
    expect(sent.at(-1)?.body).toEqual({ address: demo(), visible: true });
    expect(plain?.address).toBe(demo());
    expect(typeof plain?.balance).toBe("bigint");
    const hex = await wallet.getAccount({ address: demo(), visible: false });
    expect(sent.at(-1)?.body).toEqual({ address: toHexAddress(demo()), visible: false });
    expect(hex?.address).toBe(toHexAddress(demo()));
    expect(hex?.assetV2?.[0]).toEqual({ key: "1005416", value: expect.any(BigInt) });
    expect(await wallet.getAccount({ address: "TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf" })).toBeNull();
    expect(await wallet.getAccount({ address: demo() }, { confirmed: true })).not.toBeNull();
    expect(sent.at(-1)?.path).toBe(`${prefix}/walletsolidity/getaccount`);
  });

  it("refuses a malformed or mistyped address before sending", async () => {
    const before = sent.length;
    const typo = `${demo().slice(0, -1)}${demo().endsWith("a") ? "b" : "a"}`;
    const error = await wallet.getAccount({ address: typo }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).field).toBe("/body/address");
    expect(sent.length).toBe(before);
  });

  it("getAccountResource", async () => {
    const resource = await wallet.getAccountResource({ address: demo() });
    expect(resource.freeNetLimit).toBe(600n);
    expect(resource.EnergyLimit).toBeGreaterThan(0n);
  });

  it("blocks: now, confirmed now, by number, by id, getBlock; null above the head", async () => {
    node.surface.produceBlock();
    const head = await wallet.getNowBlock();
    const number = head.block_header.raw_data.number as bigint;
    expect(typeof number).toBe("bigint");
    expect((await wallet.getBlockByNum({ num: number }))?.blockID).toBe(head.blockID);
    expect((await wallet.getBlockByNum({ num: Number(number) }))?.blockID).toBe(head.blockID);
    expect((await wallet.getBlockById({ value: head.blockID }))?.blockID).toBe(head.blockID);
    expect((await wallet.getBlock({ id_or_num: String(number) }))?.blockID).toBe(head.blockID);
    expect((await wallet.getBlock())?.blockID).toBe(head.blockID);
    const solid = await wallet.getNowBlock({ visible: false }, { confirmed: true });
    expect(solid.block_header.raw_data.number).toBe(number - 1n);
    expect(await wallet.getBlockByNum({ num: number }, { confirmed: true })).toBeNull();
    expect((await wallet.getBlockById({ value: solid.blockID }, { confirmed: true }))?.blockID).toBe(
      solid.blockID,
    );
    expect(await wallet.getBlockByNum({ num: number + 10n })).toBeNull();
  });

  it("createTransaction, transferAsset and broadcastTransaction, then the transaction and its receipt", async () => {
    const signer = privateKeySigner(node.surface.demo.privateKey);
    const unsigned = await wallet.createTransaction({
      owner_address: demo(),
      to_address: RECIPIENT,
      amount: 1_000n,
    });
    expect(sent.at(-1)?.body).toMatchObject({ amount: 1000, visible: true });
    const signature = await signer.signTransaction({
      txID: unsigned.txID,
      rawDataHex: unsigned.raw_data_hex,
    });
    const accepted = await wallet.broadcastTransaction({ ...unsigned, signature: [signature] });
    expect(accepted).toEqual({ result: true, txid: unsigned.txID });

    const asset = await wallet.transferAsset({
      owner_address: demo(),
      to_address: RECIPIENT,
      asset_name: "1005416",
      amount: 2n,
    });
    expect(asset.raw_data.contract[0]?.type).toBe("TransferAssetContract");
    const refused = await wallet.broadcastTransaction({ ...asset, signature: ["00".repeat(65)] });
    expect(refused.code).toBe("SIGERROR");

    expect(await wallet.getTransactionById({ value: unsigned.txID })).toBeNull();
    node.surface.produceBlock();
    const tx = await wallet.getTransactionById({ value: unsigned.txID });
    expect(tx?.raw_data.contract[0]?.parameter.value.amount).toBe(1000n);
    const info = await wallet.getTransactionInfoById({ value: unsigned.txID });
    expect(info?.blockNumber).toBe(
      tx ? (await wallet.getNowBlock()).block_header.raw_data.number : undefined,
    );
    expect(await wallet.getTransactionInfoById({ value: unsigned.txID }, { confirmed: true })).toBeNull();
    node.surface.produceBlock();
    expect((await wallet.getTransactionById({ value: unsigned.txID }, { confirmed: true }))?.txID).toBe(
      unsigned.txID,
    );
    expect((await wallet.getTransactionInfoById({ value: unsigned.txID }, { confirmed: true }))?.id).toBe(
      unsigned.txID,
    );
  });

  it("a build the node refuses is an HttpError with the node's message", async () => {
    const error = await wallet
      .createTransaction({ owner_address: demo(), to_address: RECIPIENT, amount: 10n ** 18n })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).serviceMessage).toMatch(/balance is not sufficient/);
  });

  it("triggerConstantContract and the TRC-20 reads, head and confirmed", async () => {
    const token = node.surface.trc20Address;
    const call = await wallet.triggerConstantContract({
      contract_address: token,
      function_selector: "decimals()",
    });
    expect(sent.at(-1)?.body).toMatchObject({
      owner_address: "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb",
      visible: true,
    });
    expect(call.constant_result?.[0]).toBe(`${"0".repeat(63)}6`);
    const trc20 = wallet.trc20(token);
    expect(await trc20.balanceOf(demo())).toBe(123_456_789_012_345_678_901n);
    expect(await trc20.decimals()).toBe(6);
    expect(await trc20.symbol()).toBe("SBXD");
    expect(await wallet.trc20(token, { confirmed: true }).balanceOf(toHexAddress(RECIPIENT))).toBe(0n);
    expect(sent.at(-1)?.path).toBe(`${prefix}/walletsolidity/triggerconstantcontract`);
  });

  it("token look-ups: by name, by id, by issuer, all, a page; readable in both encodings; confirmed twins", async () => {
    const byName = await wallet.getAssetIssueListByName({ value: "TRN" });
    expect(byName.assetIssue.map((asset) => asset.id)).toEqual(["1005415", "1005416"]);
    expect((await wallet.getAssetIssueById({ value: "1002000", visible: false }))?.name).toBe("BitTorrent");
    expect((await wallet.getAssetIssueById({ value: "1002000" }, { confirmed: true }))?.total_supply).toBe(
      990000000000000000n,
    );
    const issued = await wallet.getAssetIssueByAccount({
      address: "4137fa1a56eb8c503624701d776d95f6dae1d9f0d6",
      visible: false,
    });
    expect(issued.assetIssue.map((asset) => [asset.id, asset.owner_address])).toEqual([
      ["1002000", "TF5Bn4cJCT6GVeUgyCN4rBhDg42KBrpAjg"],
    ]);
    expect(await wallet.getAssetIssueByAccount({ address: RECIPIENT })).toEqual({ assetIssue: [] });
    const all = await wallet.getAssetIssueList({ visible: false });
    expect(all.assetIssue.find((asset) => asset.id === "1009001")?.total_supply).toBe(9223372036854775807n);
    expect((await wallet.getAssetIssueList({}, { confirmed: true })).assetIssue).toHaveLength(6);
    const page = await wallet.getPaginatedAssetIssueList({ offset: 2, limit: 2 }, { confirmed: true });
    expect(page.assetIssue.map((asset) => asset.id)).toEqual(["1005416", "1009001"]);
    expect(await wallet.getPaginatedAssetIssueList({ offset: 100, limit: 5 })).toEqual({ assetIssue: [] });
    expect(
      (await wallet.getAssetIssueListByName({ value: "TRN" }, { confirmed: true })).assetIssue,
    ).toHaveLength(2);
  });
});
