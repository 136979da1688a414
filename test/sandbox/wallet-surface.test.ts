import { readFileSync } from "node:fs";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { walletOperations } from "../../generated/wallet/operations.js";
import { parseJson } from "../../src/runtime/json/parse-json.js";
import { toHexAddress } from "../../src/wallet/address.js";
import { checkWalletAnswer, startWalletNode, type WalletNode } from "../support/wallet-node.js";

const fixture = (name: string) =>
  parseJson(readFileSync(new URL(`../fixtures/wallet/${name}`, import.meta.url), "utf8"));
const btt = fixture("tron_getassetissuebyid_mainnet_1002000_BTT.json") as Record<string, unknown>;
const nile = fixture("tron_getassetissuebyid_nile_1005416.json") as Record<string, unknown>;
const errors = fixture("tron_assetissue_errors.json") as Record<string, { response: unknown }>;

let node: WalletNode;
beforeAll(async () => {
  node = await startWalletNode();
});
afterAll(() => node.close());

type Operation = keyof typeof walletOperations;
type Json = Record<string, unknown>;

/** Calls over HTTP (token path by default), checks the answer against the spec, returns its raw text and value. */
async function call(operation: Operation, body: unknown, mode: "token" | "basic" = "token") {
  const { path, method } = walletOperations[operation];
  const base = mode === "token" ? `${node.url}/${node.token}${path}` : `${node.url}${path}`;
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (mode === "basic") {
    headers.authorization = `Basic ${Buffer.from(`${node.username}:${node.password}`).toString("base64")}`;
  }
  const get = method === "GET";
  const query = get && body ? `?${new URLSearchParams(body as Record<string, string>)}` : "";
  const response = await fetch(base + query, {
    method,
    headers,
    ...(!get && { body: typeof body === "string" ? body : JSON.stringify(body) }),
  });
  expect(response.status).toBe(200);
  const text = await response.text();
  const value = parseJson(text);
  await checkWalletAnswer(operation, value);
  return { text, value: value as Json };
}

/** Signs a txID the way a wallet does, with noble directly (v as the recovery id 0/1). */
function sign(txID: string, key: string): string {
  const signed = secp256k1.sign(hexToBytes(txID), hexToBytes(key), { prehash: false, format: "recovered" });
  return bytesToHex(signed.subarray(1)) + bytesToHex(signed.subarray(0, 1));
}

const STRANGER_KEY = "11".repeat(32);
const RECIPIENT = "TPLkz8rzTT7gKRS1bUm3hBcvw1EExAbKTV";

describe("wallet surface: accounts", () => {
  test("the demo account has TRX, TRC-10 holdings and stake, in both encodings and both auth modes", async () => {
    const demo = node.surface.demo.address;
    const plain = await call("getAccount", { address: demo, visible: true });
    expect(plain.value).toMatchObject({
      address: demo,
      frozenV2: [{}, { type: "ENERGY" }, { type: "TRON_POWER" }],
    });
    expect(plain.text).toContain('"balance":10000000000');
    expect(plain.value.assetV2).toEqual([
      { key: "1005416", value: 1000000000 },
      { key: "1009001", value: 5000000 },
    ]);
    const hex = await call("getAccount", { address: toHexAddress(demo) }, "basic");
    expect(hex.value.address).toBe(toHexAddress(demo));
    expect((hex.value.owner_permission as Json).keys).toEqual([{ address: toHexAddress(demo), weight: 1 }]);
  });

  test("an address without an account answers {}; one in the other form than visible says is an Error", async () => {
    expect((await call("getAccount", { address: RECIPIENT, visible: true })).text).toBe("{}");
    const wrong = await call("getAccount", { address: RECIPIENT, visible: false });
    expect(String(wrong.value.Error)).toMatch(/^class java\.lang\.IllegalArgumentException : /);
  });

  test("resources: bandwidth and energy from stake, free bandwidth, network totals", async () => {
    const { value } = await call("getAccountResource", { address: node.surface.demo.address, visible: true });
    expect(value).toMatchObject({ freeNetLimit: 600, TotalNetLimit: 43200000000 });
    expect(value.NetLimit).toBeGreaterThan(0);
    expect(value.EnergyLimit).toBeGreaterThan(0);
    expect(value.assetNetLimit).toEqual([
      { key: "1005416", value: 10000 },
      { key: "1009001", value: 10000 },
    ]);
  });
});

describe("wallet surface: blocks", () => {
  test("block ids are the height and the SHA-256 of the header; by number, by id and getblock agree", async () => {
    node.surface.produceBlock();
    const head = (await call("getNowBlock", { visible: "true" })).value;
    const number = (head.block_header as { raw_data: { number: number } }).raw_data.number;
    expect((head.blockID as string).slice(0, 16)).toBe(number.toString(16).padStart(16, "0"));
    expect((await call("getBlockByNum", { num: number, visible: true })).value).toEqual(head);
    expect((await call("getBlockById", { value: head.blockID, visible: true })).value).toEqual(head);
    const header = (await call("getBlock", { detail: false, visible: true })).value;
    expect(header.blockID).toBe(head.blockID);
    const parent = (await call("getBlockByNum", { num: number - 1, visible: false })).value;
    expect((head.block_header as { raw_data: Json }).raw_data.parentHash).toBe(parent.blockID);
    expect((parent.block_header as { raw_data: Json }).raw_data.witness_address).toMatch(/^41/);
  });

  test("a block above the head, or an unknown id, answers {}; the solidified head trails by a block", async () => {
    const head = (await call("getNowBlock", {})).value;
    const number = (head.block_header as { raw_data: { number: number } }).raw_data.number;
    expect((await call("getBlockByNum", { num: number + 5 })).text).toBe("{}");
    expect((await call("getBlockById", { value: "ab".repeat(32) })).text).toBe("{}");
    const solid = (await call("getNowBlockSolidity", {})).value;
    expect((solid.block_header as { raw_data: { number: number } }).raw_data.number).toBe(number - 1);
    expect((await call("getBlockByNumSolidity", { num: number })).text).toBe("{}");
  });
});

describe("wallet surface: a transfer from build to receipt", () => {
  test("build, sign (v as 0/1), broadcast, produce: balances move, the receipt and the confirmed reads follow", async () => {
    const demo = node.surface.demo;
    const built = (
      await call("createTransaction", {
        owner_address: demo.address,
        to_address: RECIPIENT,
        amount: 2_500_000,
        visible: true,
      })
    ).value;
    expect(bytesToHex(sha256(hexToBytes(built.raw_data_hex as string)))).toBe(built.txID);
    const signature = sign(built.txID as string, demo.privateKey);
    const accepted = (await call("broadcastTransaction", { ...built, signature: [signature] })).value;
    expect(accepted).toEqual({ result: true, txid: built.txID });
    expect((await call("getTransactionById", { value: built.txID })).text).toBe("{}");

    node.surface.produceBlock();
    const info = (await call("getTransactionInfoById", { value: built.txID })).value;
    expect(info).toMatchObject({ id: built.txID, fee: 1000000, receipt: { net_usage: expect.any(Number) } });
    const tx = (await call("getTransactionById", { value: built.txID, visible: true })).value;
    expect(tx).toMatchObject({
      ret: [{ contractRet: "SUCCESS" }],
      signature: [signature],
      raw_data_hex: built.raw_data_hex,
    });
    const block = (await call("getBlockByNum", { num: info.blockNumber })).value;
    expect((block.transactions as Json[]).map((t) => t.txID)).toEqual([built.txID]);
    expect((await call("getAccount", { address: RECIPIENT, visible: true })).value.balance).toBe(2_500_000);
    expect((await call("getAccountSolidity", { address: RECIPIENT, visible: true })).text).toBe("{}");
    expect((await call("getTransactionInfoByIdSolidity", { value: built.txID })).text).toBe("{}");

    node.surface.produceBlock();
    expect((await call("getAccountSolidity", { address: RECIPIENT, visible: true })).value.balance).toBe(
      2_500_000,
    );
    expect((await call("getTransactionInfoByIdSolidity", { value: built.txID })).value.id).toBe(built.txID);
    expect((await call("broadcastTransaction", { ...built, signature: [signature] })).value.code).toBe(
      "DUP_TRANSACTION_ERROR",
    );
  });

  test("refusals: another signer, an edited raw_data, an unknown reference block, an expired transaction", async () => {
    const demo = node.surface.demo;
    const built = (
      await call("createTransaction", {
        owner_address: toHexAddress(demo.address),
        to_address: toHexAddress(RECIPIENT),
        amount: 1,
      })
    ).value as { txID: string; raw_data: Json };
    const text = (hex: unknown) => Buffer.from(String(hex), "hex").toString();
    const wrongKey = (
      await call("broadcastTransaction", { ...built, signature: [sign(built.txID, STRANGER_KEY)] })
    ).value;
    expect(wrongKey).toMatchObject({ code: "SIGERROR", txid: built.txID });
    expect(text(wrongKey.message)).toMatch(
      /^Validate signature error: [0-9a-f]{130} is signed by T\w+ but it is not contained of permission\.$/,
    );

    const edited = {
      ...built,
      raw_data: { ...built.raw_data, timestamp: 1 },
      signature: [sign(built.txID, demo.privateKey)],
    };
    const moved = (await call("broadcastTransaction", edited)).value;
    expect(moved.code).toBe("SIGERROR");
    expect(moved.txid).not.toBe(built.txID);
    expect(text(moved.message)).toMatch(/^Validate signature error/);

    const stale = { ...built.raw_data, ref_block_hash: "00".repeat(8) };
    const tapos = (
      await call("broadcastTransaction", {
        ...built,
        raw_data: stale,
        signature: [sign(built.txID, demo.privateKey)],
      })
    ).value;
    expect(tapos.code).toBe("TAPOS_ERROR");
    const expired = { ...built.raw_data, expiration: 1000 };
    expect(
      (
        await call("broadcastTransaction", {
          ...built,
          raw_data: expired,
          signature: [sign(built.txID, demo.privateKey)],
        })
      ).value.code,
    ).toBe("TRANSACTION_EXPIRATION_ERROR");
  });

  test("building more than the balance, or to oneself, answers the node's Error", async () => {
    const demo = node.surface.demo.address;
    const poor = (
      await call("createTransaction", {
        owner_address: demo,
        to_address: RECIPIENT,
        amount: 10 ** 15,
        visible: true,
      })
    ).value;
    expect(poor.Error).toBe(
      "class org.tron.core.exception.ContractValidateException : Validate TransferContract error, balance is not sufficient.",
    );
    const self = (
      await call("transferAsset", {
        owner_address: demo,
        to_address: demo,
        asset_name: "1005416",
        amount: 1,
        visible: true,
      })
    ).value;
    expect(String(self.Error)).toContain("cannot transfer to yourself");
  });

  test("a TRC-10 transfer moves the token; asset_name is the id's hex with visible false", async () => {
    const demo = node.surface.demo;
    const built = (
      await call("transferAsset", {
        owner_address: toHexAddress(demo.address),
        to_address: toHexAddress(RECIPIENT),
        asset_name: Buffer.from("1005416").toString("hex"),
        amount: 3,
      })
    ).value;
    const contract = (built.raw_data as { contract: { parameter: { value: Json } }[] }).contract[0];
    expect(contract?.parameter.value.asset_name).toBe("31303035343136");
    await call("broadcastTransaction", {
      ...built,
      signature: [sign(built.txID as string, demo.privateKey)],
    });
    node.surface.produceBlock();
    const account = (await call("getAccount", { address: RECIPIENT, visible: true })).value;
    expect(account.assetV2).toEqual([{ key: "1005416", value: 3 }]);
  });

  test("a tampering node stays self-consistent: the txID is the hash of the altered bytes", async () => {
    const demo = node.surface.demo.address;
    node.surface.setTamper("amount");
    try {
      const built = (
        await call("createTransaction", {
          owner_address: demo,
          to_address: RECIPIENT,
          amount: 5,
          visible: true,
        })
      ).value;
      expect(bytesToHex(sha256(hexToBytes(built.raw_data_hex as string)))).toBe(built.txID);
      const contract = (built.raw_data as { contract: { parameter: { value: Json } }[] }).contract[0];
      expect(contract?.parameter.value.amount).toBe(6);
    } finally {
      node.surface.setTamper(undefined);
    }
  });
});

describe("wallet surface: the TRC-20 token", () => {
  const selector = (signature: string, parameter = "") => ({ function_selector: signature, parameter });
  const demoWord = () => toHexAddress(node.surface.demo.address).slice(2).padStart(64, "0");

  test("balanceOf, decimals, symbol, name and totalSupply answer ABI-encoded words", async () => {
    const contract_address = node.surface.trc20Address;
    const balance = (
      await call("triggerConstantContract", {
        contract_address,
        ...selector("balanceOf(address)", demoWord()),
        visible: true,
      })
    ).value;
    expect(balance).toMatchObject({ result: { result: true }, transaction: { ret: [{}] } });
    expect(BigInt(`0x${(balance.constant_result as string[])[0]}`)).toBe(123_456_789_012_345_678_901n);
    const decimals = (
      await call("triggerConstantContractSolidity", {
        contract_address,
        ...selector("decimals()"),
        visible: true,
      })
    ).value;
    expect(BigInt(`0x${(decimals.constant_result as string[])[0]}`)).toBe(6n);
    for (const name of ["symbol()", "name()", "totalSupply()"]) {
      const { value } = await call("triggerConstantContract", {
        contract_address,
        ...selector(name),
        visible: true,
      });
      expect((value.constant_result as string[])[0]).toMatch(/^([0-9a-f]{64})+$/);
    }
  });

  test("reverts with the reason as Error(string), or without data for an unknown function; no contract is a CONTRACT_VALIDATE_ERROR", async () => {
    const contract_address = node.surface.trc20Address;
    const zero = (
      await call("triggerConstantContract", {
        ...selector("balanceOf(address)", "0".repeat(64)),
        visible: false,
        contract_address: toHexAddress(contract_address),
      })
    ).value;
    expect(zero).toMatchObject({ transaction: { ret: [{ ret: "FAILED" }] } });
    expect((zero.constant_result as string[])[0]).toMatch(/^08c379a0/);
    const unknown = (
      await call("triggerConstantContract", { contract_address, data: "40c10f19", visible: true })
    ).value;
    expect(unknown).toMatchObject({ constant_result: [""], transaction: { ret: [{ ret: "FAILED" }] } });
    const nothing = (
      await call("triggerConstantContract", {
        contract_address: RECIPIENT,
        ...selector("decimals()"),
        visible: true,
      })
    ).value;
    expect(nothing).toEqual({
      result: { code: "CONTRACT_VALIDATE_ERROR", message: "No contract or not a valid smart contract" },
    });
  });
});

describe("wallet surface: asset lists", () => {
  test("by issuer, all and paginated, in id order; {} past the end", async () => {
    const issuer = "4137fa1a56eb8c503624701d776d95f6dae1d9f0d6";
    const byIssuer = (await call("getAssetIssueByAccount", { address: issuer })).value;
    expect((byIssuer.assetIssue as Json[]).map((asset) => asset.id)).toEqual(["1002000"]);
    const all = (await call("getAssetIssueList", { visible: "true" })).value.assetIssue as Json[];
    expect(all.map((asset) => asset.id)).toEqual([
      "1002000",
      "1005415",
      "1005416",
      "1009001",
      "1009002",
      "1009003",
    ]);
    const page = (await call("getPaginatedAssetIssueListSolidity", { offset: 1, limit: 2, visible: true }))
      .value;
    expect((page.assetIssue as Json[]).map((asset) => asset.id)).toEqual(["1005415", "1005416"]);
    expect((await call("getPaginatedAssetIssueList", { offset: 10, limit: 2 })).text).toBe("{}");
  });
});

describe("wallet surface: getassetissuebyid", () => {
  test("BitTorrent with visible false is the real node's answer, total_supply an exact integer above 2^53", async () => {
    const { text, value } = await call("getAssetIssueById", { value: "1002000", visible: false });
    expect(value).toEqual(btt.response_visible_false);
    expect(text).toContain('"total_supply":990000000000000000');
  });

  test("a missing visible reads as false, as on real nodes; visible true gives text and a T… address", async () => {
    const missing = await call("getAssetIssueById", { value: "1002000" }, "basic");
    expect(missing.value).toEqual(btt.response_visible_false);
    const plain = await call("getAssetIssueById", { value: "1002000", visible: true });
    expect(plain.value).toEqual(btt.response_visible_true_DERIVED);
  });

  test("a Nile token matches the documented answer in both encodings", async () => {
    expect((await call("getAssetIssueById", { value: "1005416", visible: false })).value).toEqual(
      nile.response_visible_false,
    );
    expect((await call("getAssetIssueById", { value: "1005416", visible: true })).value).toEqual(
      nile.response_visible_true_DERIVED,
    );
  });

  test("an unknown id answers {}", async () => {
    const { text } = await call("getAssetIssueById", { value: "9999999999", visible: true });
    expect(text).toBe("{}");
    expect(errors.not_found_by_id?.response).toEqual({});
  });

  test("the largest int64 supply comes back exact", async () => {
    const { text } = await call("getAssetIssueById", { value: "1009001", visible: true });
    expect(text).toContain('"total_supply":9223372036854775807');
  });
});

describe("wallet surface: getassetissuelistbyname", () => {
  test("by plain name (visible true): both tokens named TRN, text fields and T… addresses", async () => {
    const { value } = await call("getAssetIssueListByName", { value: "TRN", visible: true });
    const list = value.assetIssue as Record<string, unknown>[];
    expect(list.map((asset) => asset.id)).toEqual(["1005415", "1005416"]);
    expect(list.map((asset) => asset.owner_address)).toEqual([
      "TGMVDdxFYU95iUMcEyZwenNZxn7heJqLcS",
      "TAkMvwVV7YfEEymVSP8y5e41bckH72o75d",
    ]);
    expect(list[0]).toMatchObject({
      name: "TRN",
      abbr: "TN",
      description: "trident",
      url: "https://www.trident.com",
    });
  });

  test("by hex name (visible false, with and without 0x): hex fields and 41… addresses", async () => {
    const { value } = await call("getAssetIssueListByName", { value: "54524e", visible: false });
    const list = value.assetIssue as Record<string, unknown>[];
    expect(list.map((asset) => asset.owner_address)).toEqual([
      "414607716a6ca8fe2dc8f9e27c349a435191e48639",
      "41088a2bfcb1c7271029fd69a66859d55560895884",
    ]);
    expect(list[0]).toMatchObject({ name: "54524e", abbr: "544e", description: "74726964656e74" });
    expect((await call("getAssetIssueListByName", { value: "0x54524e" })).value).toEqual(value);
  });

  test("same-name tokens with int64 supplies above 2^53 keep every digit", async () => {
    const { text, value } = await call("getAssetIssueListByName", { value: "SEED", visible: true });
    expect((value.assetIssue as { id: string }[]).map((asset) => asset.id)).toEqual(["1009001", "1009002"]);
    expect(text).toContain('"total_supply":9223372036854775807');
    expect(text).toContain('"total_supply":9007199254740993');
  });

  test("a multi-byte UTF-8 name is found by its text and by the hex of its UTF-8 bytes", async () => {
    const hex = Buffer.from("Grüße 币", "utf8").toString("hex");
    const byText = await call("getAssetIssueListByName", { value: "Grüße 币", visible: true });
    const byHex = await call("getAssetIssueListByName", { value: hex, visible: false });
    expect((byText.value.assetIssue as { id: string }[])[0]?.id).toBe("1009003");
    expect((byHex.value.assetIssue as { name: string }[])[0]?.name).toBe(hex);
  });

  test("nothing matching answers {} (no assetIssue key)", async () => {
    expect((await call("getAssetIssueListByName", { value: "NOPE", visible: true })).text).toBe("{}");
    expect(
      (await call("getAssetIssueListByName", { value: "6e6f7468696e67", visible: false })).value,
    ).toEqual(errors.not_found_by_name?.response);
  });

  test("visible false with a plain name answers the node's Error body at HTTP 200", async () => {
    const { value } = await call("getAssetIssueListByName", { value: "BitTorrent", visible: false });
    expect(value).toEqual(errors.bad_hex_name?.response);
  });

  test("a body that is not JSON, or breaks the spec, gets an Error body naming the problem", async () => {
    const notJson = await call("getAssetIssueListByName", "{value:");
    expect(String(notJson.value.Error)).toMatch(/^class org\.tron\.json\.JSONException : /);
    const mistyped = await call("getAssetIssueListByName", { value: "TRN", visible: "yes" });
    expect(String(mistyped.value.Error)).toMatch(
      /^class java\.lang\.IllegalArgumentException : \/body\/visible /,
    );
    const missing = await call("getAssetIssueById", { visible: true });
    expect(String(missing.value.Error)).toContain("/body/value is required");
  });
});

describe("wallet surface: routing and credentials", () => {
  test("unknown paths answer 404, other methods 405, and no credentials 401", async () => {
    expect((await fetch(`${node.url}/${node.token}/wallet/listnodes`, { method: "POST" })).status).toBe(404);
    expect((await fetch(`${node.url}/${node.token}/wallet/getassetissuebyid`)).status).toBe(405);
    expect((await fetch(`${node.url}/wallet/getassetissuebyid`, { method: "POST", body: "{}" })).status).toBe(
      401,
    );
  });
});
