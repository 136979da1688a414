import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { walletOperations } from "../../generated/wallet/operations.js";
import { parseJson } from "../../src/runtime/json/parse-json.js";
import { type SurfaceServer, serveSurface } from "../../src/sandbox/http-server.js";
import { NodeAuthRegistry } from "../../src/sandbox/node-auth.js";
import { createWalletSurface } from "../../src/sandbox/wallet/wallet-surface.js";
import { responseValidator } from "../support/spec-validators.js";

const secrets = { token: "wallet-tok-1f3a", username: "tron-user", password: "tron-pass-77" };
const basic = `Basic ${Buffer.from(`${secrets.username}:${secrets.password}`).toString("base64")}`;
const fixture = (name: string) =>
  parseJson(readFileSync(new URL(`../fixtures/wallet/${name}`, import.meta.url), "utf8"));
const btt = fixture("tron_getassetissuebyid_mainnet_1002000_BTT.json") as Record<string, unknown>;
const nile = fixture("tron_getassetissuebyid_nile_1005416.json") as Record<string, unknown>;
const errors = fixture("tron_assetissue_errors.json") as Record<string, { response: unknown }>;

let server: SurfaceServer;
beforeAll(async () => {
  const nodeAuth = new NodeAuthRegistry();
  nodeAuth.add(secrets);
  const wallet = await createWalletSurface();
  server = await serveSurface({ name: "wallet", auth: "node", handler: wallet.handler, nodeAuth });
});
afterAll(() => server.close());

type Operation = "getAssetIssueListByName" | "getAssetIssueById";

/** Posts over HTTP (token path by default), checks the answer against the spec, returns its raw text and value. */
async function call(operation: Operation, body: unknown, mode: "token" | "basic" = "token") {
  const { path } = walletOperations[operation];
  const url = mode === "token" ? `${server.url}/${secrets.token}${path}` : `${server.url}${path}`;
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (mode === "basic") headers.authorization = basic;
  const response = await fetch(url, {
    method: "POST",
    headers,
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  const text = await response.text();
  const value = parseJson(text);
  const validate = await responseValidator(walletOperations[operation], 200);
  expect(validate?.(value), JSON.stringify(validate?.errors)).toBe(true);
  return { text, value: value as Record<string, unknown> };
}

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
    expect(
      (await fetch(`${server.url}/${secrets.token}/wallet/getnowblock`, { method: "POST" })).status,
    ).toBe(404);
    expect((await fetch(`${server.url}/${secrets.token}/wallet/getassetissuebyid`)).status).toBe(405);
    expect(
      (await fetch(`${server.url}/wallet/getassetissuebyid`, { method: "POST", body: "{}" })).status,
    ).toBe(401);
  });
});
