import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { walletOperations } from "../../generated/wallet/operations.js";
import { convertInt64 } from "../../src/runtime/json/convert-int64.js";
import { parseJson } from "../../src/runtime/json/parse-json.js";
import { responseInt64 } from "../support/spec-validators.js";
import { exampleCases, fixture, loadSpec, rejections, resolvePointer, validatorAt } from "./support.js";

type Json = Record<string, unknown>;

const schema = (name: string) => validatorAt("wallet", `/components/schemas/${name}`);
const spec = loadSpec("wallet");
const paths = spec.paths as Record<string, Record<string, Json>>;

/** Every operation of the spec: its path, method and operation object. */
const operations = Object.entries(paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, op]) => ({ path, method, op })),
);

/** A recorded vector file: `examples[]` with `request` and `response`. */
interface Recorded {
  examples: { request: Json | null; response: Json }[];
}
const recorded = (name: string) => fixture<Recorded>(`wallet/${name}.json`);

/** Reads a fixture file the way the client reads an answer: integers beyond 2^53 as decimal strings. */
function losslessFixture(name: string): Recorded {
  const text = readFileSync(new URL(`../fixtures/wallet/${name}.json`, import.meta.url), "utf8");
  return parseJson(text) as Recorded;
}

describe("wallet spec: shape", () => {
  test("every component schema compiles and every example validates against its schema", () => {
    const names = Object.keys((spec.components as Json).schemas as Json);
    for (const name of names) expect(typeof schema(name)).toBe("function");
    const cases = exampleCases(spec);
    expect(cases.length).toBeGreaterThanOrEqual(30);
    const failures = cases.flatMap(({ where, schema: at, value }) => {
      const validate = validatorAt("wallet", at);
      return validate(value) ? [] : [`${where}: ${JSON.stringify(validate.errors)}`];
    });
    expect(failures).toEqual([]);
  });

  test("the issue's operations are all there, reads retry-safe and writes not", () => {
    const ids = operations.map(({ op }) => op.operationId);
    for (const id of [
      "getAccount",
      "getAccountResource",
      "getNowBlock",
      "getBlockByNum",
      "getBlockById",
      "getTransactionById",
      "getTransactionInfoById",
      "triggerConstantContract",
      "createTransaction",
      "transferAsset",
      "broadcastTransaction",
      "getAssetIssueByAccount",
      "getAssetIssueList",
      "getPaginatedAssetIssueList",
      "getAssetIssueListByName",
      "getAssetIssueById",
      "triggerSmartContract",
      "getContract",
      "getContractInfo",
      "getTransactionInfoByBlockNum",
      "estimateEnergy",
      "getChainParameters",
      "getAccountNet",
      "freezeBalanceV2",
      "unfreezeBalanceV2",
      "delegateResource",
      "unDelegateResource",
      "withdrawExpireUnfreeze",
      "getCanWithdrawUnfreezeAmount",
      "getDelegatedResourceV2",
      "getDelegatedResourceAccountIndexV2",
    ]) {
      expect(ids).toContain(id);
    }
    const writes = [
      "createTransaction",
      "transferAsset",
      "triggerSmartContract",
      "broadcastTransaction",
      "freezeBalanceV2",
      "unfreezeBalanceV2",
      "delegateResource",
      "unDelegateResource",
      "withdrawExpireUnfreeze",
    ];
    for (const { op } of operations) {
      expect(op["x-idempotent"] === true, String(op.operationId)).toBe(
        !writes.includes(String(op.operationId)),
      );
    }
  });

  test("every /walletsolidity read is the twin of a /wallet read: same method, request and answer", () => {
    const twins = operations.filter(({ path }) => path.startsWith("/walletsolidity/"));
    expect(twins.map(({ op }) => op.operationId).sort()).toEqual(
      [
        "getAccount",
        "getNowBlock",
        "getBlockByNum",
        "getBlockById",
        "getTransactionById",
        "getTransactionInfoById",
        "getTransactionInfoByBlockNum",
        "triggerConstantContract",
        "getAssetIssueListByName",
        "getAssetIssueById",
        "getAssetIssueList",
        "getPaginatedAssetIssueList",
      ]
        .map((id) => `${id}Solidity`)
        .sort(),
    );
    for (const { path, method, op } of twins) {
      const head = paths[path.replace("/walletsolidity/", "/wallet/")]?.[method] as Json;
      expect(`${head.operationId}Solidity`).toBe(op.operationId);
      expect(op.requestBody).toEqual(head.requestBody);
      expect(op.parameters).toEqual(head.parameters);
      expect((op.responses as Json)["200"]).toEqual((head.responses as Json)["200"]);
    }
  });

  test("descriptions speak of the service, never of 'the interface'", () => {
    expect(readFileSync(new URL("../../specs/wallet.openapi.yaml", import.meta.url), "utf8")).not.toMatch(
      /the interface/i,
    );
  });
});

describe("wallet spec: every recorded node answer validates", () => {
  const cases: [string, string][] = [
    ["tron_getaccount", "AccountResult"],
    ["tron_getaccountresource", "AccountResourceResult"],
    ["tron_getnowblock", "BlockResult"],
    ["tron_getblockbynum", "BlockResult"],
    ["tron_gettransactionbyid", "TransactionResult"],
    ["tron_gettransactioninfobyid", "TransactionInfoResult"],
    ["tron_triggerconstantcontract_balanceOf", "ConstantCallResult"],
    ["tron_createtransaction", "UnsignedTransactionResult"],
    ["tron_broadcasttransaction", "BroadcastResultBody"],
    ["tron_getpaginatedassetissuelist", "AssetIssueListResult"],
    ["tron_getassetissuebyaccount", "AssetIssueListResult"],
    ["triggersmartcontract", "TriggerSmartContractResult"],
    ["gettransactioninfobyblocknum", "TransactionInfoListResult"],
    ["gettransactioninfobyid", "TransactionInfoResult"],
  ];
  test.each(cases)("%s answers match %s", (file, name) => {
    const validate = schema(name);
    const { examples } = losslessFixture(file);
    expect(examples.length).toBeGreaterThan(0);
    for (const { response } of examples)
      expect(validate(response), JSON.stringify(validate.errors)).toBe(true);
  });

  test("getcontract: the recorded contract validates once the source's own '...' cut in the bytecode is taken out", () => {
    const { examples } = losslessFixture("getcontract");
    const contract = examples[0]?.response as Json;
    // The documentation shortened the bytecode with a literal "..."; everything else is as the node sent it.
    expect(String(contract.bytecode).endsWith("...")).toBe(true);
    expect(schema("ContractResult")(contract)).toBe(false);
    const whole: Json = { ...contract, bytecode: String(contract.bytecode).slice(0, -3) };
    expect(schema("ContractResult")(whole), JSON.stringify(schema("ContractResult").errors)).toBe(true);
    expect(((whole.abi as Json).entrys as Json[])[0]).toMatchObject({
      type: "Function",
      stateMutability: "View",
    });
  });

  test("receipt results are java-tron's enums: OUT_OF_ENERGY passes, a misspelling does not", () => {
    const failed = losslessFixture("gettransactioninfobyid").examples[1]?.response as Json;
    expect((failed.receipt as Json).result).toBe("OUT_OF_ENERGY");
    expect(schema("TransactionInfo")(failed)).toBe(true);
    expect(schema("TransactionInfo")({ ...failed, receipt: { result: "OUT_OF_GAS" } })).toBe(false);
    expect(schema("TransactionInfo")({ ...failed, result: "SUCCESS" })).toBe(false);
  });

  test("the requests the vectors were recorded with are valid requests", () => {
    const requests: [string, string][] = [
      ["tron_getaccount", "AccountRequest"],
      ["tron_getaccountresource", "AccountRequest"],
      ["tron_gettransactionbyid", "TransactionIdRequest"],
      ["tron_gettransactioninfobyid", "TransactionIdRequest"],
      ["tron_triggerconstantcontract_balanceOf", "ConstantCallRequest"],
      ["tron_createtransaction", "CreateTransactionRequest"],
      ["tron_getpaginatedassetissuelist", "AssetPageRequest"],
      ["tron_getassetissuebyaccount", "AccountRequest"],
      ["getcontract", "ContractRequest"],
      ["gettransactioninfobyblocknum", "BlockNumRequest"],
    ];
    for (const [file, name] of requests) {
      const validate = schema(name);
      for (const { request } of recorded(file).examples) {
        expect(validate(request), `${file}: ${JSON.stringify(validate.errors)}`).toBe(true);
      }
    }
    const blocks = recorded("tron_getblockbynum").examples;
    expect(schema("BlockNumRequest")(blocks[0]?.request)).toBe(true);
    expect(schema("GetBlockRequest")(blocks[2]?.request)).toBe(true);
    const trigger = recorded("triggersmartcontract").examples[0]?.request;
    expect(schema("TriggerSmartContractRequest")(trigger)).toBe(true);
    expect(
      schema("TriggerSmartContractRequest")({ ...trigger, data: "a9059cbb" }),
      "data and function_selector together",
    ).toBe(false);
    const broadcast = recorded("tron_broadcasttransaction").examples[0]?.request;
    expect(schema("SignedTransaction")(broadcast), JSON.stringify(schema("SignedTransaction").errors)).toBe(
      true,
    );
  });

  test("int64 values above 2^53 arrive as decimal strings, validate, and convert to exact bigints", async () => {
    const page = losslessFixture("tron_getpaginatedassetissuelist").examples[0]?.response as Json;
    const first = (page.assetIssue as Json[])[0] as Json;
    expect(first.total_supply).toBe("1000000000000000000");
    const int64 = await responseInt64(walletOperations.getPaginatedAssetIssueList, 200);
    const converted = convertInt64(structuredClone(page), int64) as { assetIssue: Json[] };
    expect(converted.assetIssue[0]?.total_supply).toBe(1000000000000000000n);
    expect(converted.assetIssue[1]?.frozen_supply).toEqual([{ frozen_amount: 1000n, frozen_days: 2n }]);
  });

  test("answers with int64 fields are converted where the spec marks them", async () => {
    const account = recorded("tron_getaccount").examples[1]?.response as Json;
    const paths = await responseInt64(walletOperations.getAccount, 200);
    const converted = convertInt64(structuredClone(account), paths) as Json;
    expect(converted.balance).toBe(1793227200n);
    expect((converted.assetV2 as Json[])[0]?.value).toBe(100000000n);
    const block = recorded("tron_getblockbynum").examples[1]?.response as Json;
    const blockPaths = await responseInt64(walletOperations.getBlockByNum, 200);
    const tx = (convertInt64(structuredClone(block), blockPaths) as { transactions: Json[] }).transactions[0];
    expect(tx?.raw_data).toMatchObject({
      expiration: 1642508655000n,
      contract: [{ parameter: { value: { amount: 2000000000n } } }],
    });
  });

  test("not found is {} and errors are WalletError for every look-up with a not-found form", () => {
    const error = { Error: "class java.lang.IllegalArgumentException : Invalid address provided" };
    for (const name of ["AccountResult", "BlockResult", "TransactionResult", "TransactionInfoResult"]) {
      expect(schema(name)({})).toBe(true);
      expect(schema(name)(error)).toBe(true);
      expect(schema(name)({ Error: 5 })).toBe(false);
    }
    for (const name of ["UnsignedTransactionResult", "ConstantCallResult", "BroadcastResultBody"]) {
      expect(schema(name)(error)).toBe(true);
    }
    expect(schema("BroadcastResult")(error)).toBe(false);
    expect(schema("AccountResource")(error)).toBe(false);
  });
});

describe("wallet spec: bad requests are refused where they are wrong", () => {
  test("addresses must be Base58Check T… or 41-hex", () => {
    expect(schema("AccountRequest")({ address: "TWAFRfZFmhVQZjxM3De7Mp5UZ9sLqWqpHp", visible: true })).toBe(
      true,
    );
    expect(
      rejections(schema("AccountRequest"), { address: "0xdd791d6b49e190062d650e6a23c575510d35f2f9" }),
    ).toEqual(["/address pattern"]);
    expect(rejections(schema("AccountRequest"), {})).toEqual([" required"]);
  });

  test("amounts are positive int64s, as an integer or a decimal string (a bigint above 2^53)", () => {
    const body = {
      owner_address: "41dd791d6b49e190062d650e6a23c575510d35f2f9",
      to_address: "4192ad11c1bf16b3b14b0bd6b5c7e2db73a0b5e83a",
    };
    const create = schema("CreateTransactionRequest");
    expect(create({ ...body, amount: 1 })).toBe(true);
    expect(create({ ...body, amount: "9223372036854775807" })).toBe(true);
    expect(rejections(create, { ...body, amount: 0 })).toContain("/amount minimum");
    expect(rejections(create, { ...body, amount: "0" })).toContain("/amount pattern");
    expect(rejections(create, { ...body, amount: -5 })).toContain("/amount minimum");
    expect(rejections(create, { ...body, amount: 1.5 })).toContain("/amount type");
    expect(rejections(create, { ...body, amount: 1, memo: "hi" })).toEqual([" additionalProperties"]);
  });

  test("ids are 64 hex digits, heights non-negative, pages bounded", () => {
    expect(rejections(schema("TransactionIdRequest"), { value: "abc" })).toEqual(["/value pattern"]);
    expect(rejections(schema("BlockIdRequest"), { value: `0x${"0".repeat(64)}` })).toEqual([
      "/value pattern",
    ]);
    expect(rejections(schema("BlockNumRequest"), { num: -1 })).toContain("/num minimum");
    expect(rejections(schema("AssetPageRequest"), { offset: 0, limit: 0 })).toContain("/limit minimum");
    expect(rejections(schema("GetBlockRequest"), { id_or_num: "latest" })).toEqual(["/id_or_num pattern"]);
  });

  test("a constant call names its function once: function_selector or data", () => {
    const call = schema("ConstantCallRequest");
    const base = { contract_address: "41eca9bc828a3005b9a3b909f2cc5c2a54794de05f" };
    expect(call({ ...base, function_selector: "decimals()" })).toBe(true);
    expect(call({ ...base, data: "313ce567" })).toBe(true);
    expect(rejections(call, { ...base, data: "313ce567", function_selector: "decimals()" })).toEqual([
      " not",
    ]);
    expect(rejections(call, { ...base, function_selector: "decimals" })).toEqual([
      "/function_selector pattern",
    ]);
  });

  test("a signed transaction needs a signature of 65 bytes", () => {
    const [example] = recorded("tron_broadcasttransaction").examples;
    const signed = example?.request as Json;
    expect(rejections(schema("SignedTransaction"), { ...signed, signature: [] })).toEqual([
      "/signature minItems",
    ]);
    expect(rejections(schema("SignedTransaction"), { ...signed, signature: ["abcd"] })).toEqual([
      "/signature/0 pattern",
    ]);
  });

  test("servers offer token and basic-auth modes", () => {
    expect((spec.servers as Json[]).map((s) => s.url)).toEqual(["{node_url}/{auth_token}", "{node_url}"]);
    expect(resolvePointer(spec, "/components/securitySchemes/basicAuth")).toMatchObject({
      type: "http",
      scheme: "basic",
    });
  });
});

describe("wallet spec: asset look-ups keep their real forms", () => {
  const btt = fixture<Json>("wallet/tron_getassetissuebyid_mainnet_1002000_BTT.json");
  const byName = fixture<Json>("wallet/tron_getassetissuelistbyname_nile_TRN.json");
  const errors = fixture<Record<string, Json>>("wallet/tron_assetissue_errors.json");

  test("by id and by name, in both visible modes; {} and Error bodies", () => {
    for (const body of [
      btt.response_visible_false,
      btt.response_visible_true_DERIVED,
      errors.not_found_by_id?.response,
    ]) {
      expect(schema("AssetIssueByIdResult")(body)).toBe(true);
    }
    for (const body of [
      byName.response_visible_false,
      byName.response_visible_true_DERIVED,
      errors.bad_hex_name?.response,
    ]) {
      expect(schema("AssetIssueListByNameResult")(body)).toBe(true);
    }
    expect(schema("AssetIssueList")(errors.bad_hex_name?.response)).toBe(false);
    expect(rejections(schema("AssetIssueByIdRequest"), { value: "BTT" })).toEqual(["/value pattern"]);
  });
});
