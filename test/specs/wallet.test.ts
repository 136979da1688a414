import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { exampleCases, fixture, loadSpec, rejections, resolvePointer, validatorAt } from "./support.js";

const LIST = "/paths/~1wallet~1getassetissuelistbyname/post";
const BY_ID = "/paths/~1wallet~1getassetissuebyid/post";
const JSON_BODY = "content/application~1json/schema";

const listRequest = validatorAt("wallet", `${LIST}/requestBody/${JSON_BODY}`);
const listResult = validatorAt("wallet", `${LIST}/responses/200/${JSON_BODY}`);
const byIdRequest = validatorAt("wallet", `${BY_ID}/requestBody/${JSON_BODY}`);
const byIdResult = validatorAt("wallet", `${BY_ID}/responses/200/${JSON_BODY}`);
const assetIssue = validatorAt("wallet", "/components/schemas/AssetIssue");
const walletError = validatorAt("wallet", "/components/schemas/WalletError");

type Json = Record<string, unknown>;

/**
 * Parses JSON the way the runtime's lossless parser hands values over: integer literals beyond
 * 2^53 become decimal strings. Enough for these fixtures (no such digits inside strings).
 */
function parseLossless(text: string): unknown {
  const quoted = text.replace(/(?<=[:[,]\s*)(-?\d{16,})(?=\s*[,\]}])/g, (digits) =>
    Number.isSafeInteger(Number(digits)) ? digits : `"${digits}"`,
  );
  return JSON.parse(quoted);
}

const btt = fixture<Json>("wallet/tron_getassetissuebyid_mainnet_1002000_BTT.json");
const nile = fixture<Json>("wallet/tron_getassetissuebyid_nile_1005416.json");
const byName = fixture<Json>("wallet/tron_getassetissuelistbyname_nile_TRN.json");
const errors = fixture<Record<string, Json>>("wallet/tron_assetissue_errors.json");

describe("wallet spec: schemas and examples", () => {
  const spec = loadSpec("wallet");

  test("every component schema compiles", () => {
    const names = Object.keys((spec.components as Json).schemas as Json);
    expect(names.length).toBeGreaterThan(5);
    for (const name of names)
      expect(typeof validatorAt("wallet", `/components/schemas/${name}`)).toBe("function");
  });

  test("every example validates against its schema", () => {
    const cases = exampleCases(spec);
    expect(cases.length).toBeGreaterThanOrEqual(12);
    const failures = cases.flatMap(({ where, schema, value }) => {
      const validate = validatorAt("wallet", schema);
      return validate(value) ? [] : [`${where}: ${JSON.stringify(validate.errors)}`];
    });
    expect(failures).toEqual([]);
  });

  test("both operations are safe to retry and offer token and basic-auth servers", () => {
    expect(resolvePointer(spec, LIST)).toMatchObject({
      operationId: "getAssetIssueListByName",
      "x-idempotent": true,
    });
    expect(resolvePointer(spec, BY_ID)).toMatchObject({
      operationId: "getAssetIssueById",
      "x-idempotent": true,
    });
    expect((spec.servers as Json[]).map((s) => s.url)).toEqual(["{node_url}/{auth_token}", "{node_url}"]);
    expect(resolvePointer(spec, "/components/securitySchemes/basicAuth")).toMatchObject({
      type: "http",
      scheme: "basic",
    });
  });
});

describe("wallet spec: bad requests are rejected where they are wrong", () => {
  test("value is required", () => {
    expect(rejections(listRequest, { visible: true })).toContain(" required");
    expect(listRequest.errors?.[0]?.params).toEqual({ missingProperty: "value" });
    expect(rejections(byIdRequest, {})).toContain(" required");
  });

  test("visible must be a boolean", () => {
    expect(rejections(listRequest, { value: "TRN", visible: "true" })).toEqual(["/visible type"]);
    expect(rejections(byIdRequest, { value: "1002000", visible: 1 })).toEqual(["/visible type"]);
  });

  test("unknown body properties are refused", () => {
    expect(rejections(listRequest, { value: "TRN", visible: true, limit: 5 })).toEqual([
      " additionalProperties",
    ]);
    expect(listRequest.errors?.[0]?.params).toEqual({ additionalProperty: "limit" });
  });

  test("value has the right type, and an id is digits", () => {
    expect(rejections(listRequest, { value: 54524 })).toEqual(["/value type"]);
    expect(rejections(byIdRequest, { value: "BTT" })).toEqual(["/value pattern"]);
  });
});

describe("wallet spec: real payloads are accepted", () => {
  test("mainnet BTT by id, hex (visible false) and plain (visible true) forms", () => {
    expect(byIdRequest(btt.request)).toBe(true);
    for (const body of [btt.response_visible_false, btt.response_visible_true_DERIVED]) {
      expect(byIdResult(body), JSON.stringify(byIdResult.errors)).toBe(true);
      expect(assetIssue(body)).toBe(true);
    }
  });

  test("Nile token by id, with frozen_supply, vote_score and bandwidth limits", () => {
    expect(byIdRequest(nile.request)).toBe(true);
    for (const body of [nile.response_visible_false, nile.response_visible_true_DERIVED]) {
      expect(byIdResult(body), JSON.stringify(byIdResult.errors)).toBe(true);
    }
  });

  test("list by name in both visible modes, requests and responses", () => {
    expect(listRequest(byName.request_visible_false)).toBe(true);
    expect(listRequest(byName.request_visible_true)).toBe(true);
    for (const body of [byName.response_visible_false, byName.response_visible_true_DERIVED]) {
      expect(listResult(body), JSON.stringify(listResult.errors)).toBe(true);
    }
  });

  test("owner_address is checked: 41-hex or Base58Check T-address, nothing else", () => {
    const hex = (btt.response_visible_false as Json).owner_address;
    expect(assetIssue({ ...(btt.response_visible_true_DERIVED as Json), owner_address: hex })).toBe(true);
    const bad = {
      ...(btt.response_visible_false as Json),
      owner_address: "0x37fa1a56eb8c503624701d776d95f6dae1d9f0d6",
    };
    expect(rejections(assetIssue, bad)).toEqual(["/owner_address pattern"]);
  });

  test("total_supply 990000000000000000 arrives as a decimal string from the lossless parser and is accepted", () => {
    const text = readFileSync(
      new URL("../fixtures/wallet/tron_getassetissuebyid_mainnet_1002000_BTT.json", import.meta.url),
      "utf8",
    );
    expect(text).toContain('"total_supply": 990000000000000000,');
    const body = (parseLossless(text) as Json).response_visible_false as Json;
    expect(body.total_supply).toBe("990000000000000000");
    expect(byIdResult(body)).toBe(true);
    expect(rejections(assetIssue, { ...body, total_supply: "9.9e17" })).toContain("/total_supply pattern");
    expect(rejections(assetIssue, { ...body, total_supply: 1.5 })).toContain("/total_supply type");
  });

  test("nothing found is {} for both operations, read as no assetIssue key", () => {
    expect(byIdRequest(errors.not_found_by_id?.request)).toBe(true);
    expect(byIdResult(errors.not_found_by_id?.response)).toBe(true);
    expect(listResult(errors.not_found_by_name?.response)).toBe(true);
    expect(errors.not_found_by_name?.response).not.toHaveProperty("assetIssue");
  });

  test("error bodies (HTTP 200) match WalletError and never pass as a result", () => {
    for (const body of [errors.bad_hex_name?.response, errors.bad_json_body?.response_shape]) {
      expect(walletError(body)).toBe(true);
      expect(listResult(body)).toBe(true);
      expect(byIdResult(body)).toBe(true);
      expect(validatorAt("wallet", "/components/schemas/AssetIssueList")(body)).toBe(false);
      expect(assetIssue(body)).toBe(false);
      expect(validatorAt("wallet", "/components/schemas/EmptyResult")(body)).toBe(false);
    }
    for (const body of [byName.response_visible_false, errors.not_found_by_name?.response]) {
      expect(walletError(body)).toBe(false);
    }
  });
});
