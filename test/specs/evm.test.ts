import { readdirSync } from "node:fs";
import { parseOpenRPCDocument, validateOpenRPCDocument } from "@open-rpc/schema-utils-js";
import type { ValidateFunction } from "ajv/dist/2020.js";
import { describe, expect, test } from "vitest";
import { fixture, loadSpec, resolvePointer, specAjv, validatorAt } from "./support.js";

type Json = Record<string, unknown>;
interface ContentDescriptor {
  name: string;
  required?: boolean;
  schema: unknown;
}
interface Method {
  name: string;
  summary?: string;
  description?: string;
  params: ContentDescriptor[];
  result: ContentDescriptor;
  examples?: { $ref: string }[];
  "x-idempotent"?: boolean;
  "x-beyond-interface"?: boolean;
}
interface ExamplePairing {
  name: string;
  params: { name: string; value: unknown }[];
  result: { name: string; value: unknown };
}

const spec = loadSpec("evm");
const methods = spec.methods as Method[];
const method = (name: string): Method => {
  const found = methods.find((m) => m.name === name);
  if (!found) throw new Error(`no method ${name}`);
  return found;
};

// The params of a JSON-RPC call are one array: compile each method's content descriptors into the
// tuple schema a client validates before sending (required params first, no extra positions).
const tupleAjv = specAjv(spec);
tupleAjv.addSchema({ ...structuredClone(spec), $id: "evm-spec" });
const paramsValidators = new Map<string, ValidateFunction>();
function paramsOf(name: string): ValidateFunction {
  let validate = paramsValidators.get(name);
  if (!validate) {
    const index = methods.findIndex((m) => m.name === name);
    const params = method(name).params;
    // An empty prefixItems is not valid JSON Schema: a method without params takes exactly [].
    validate = tupleAjv.compile(
      params.length === 0
        ? { type: "array", maxItems: 0 }
        : {
            type: "array",
            prefixItems: params.map((_, i) => ({ $ref: `evm-spec#/methods/${index}/params/${i}/schema` })),
            items: false,
            minItems: params.filter((p) => p.required).length,
          },
    );
    paramsValidators.set(name, validate);
  }
  return validate;
}
const resultOf = (name: string) => validatorAt("evm", `/methods/${name}/result/schema`);

/** Where a validator rejected a value: `instancePath keyword` for each error. */
function rejections(validate: ValidateFunction, value: unknown): string[] {
  expect(validate(value)).toBe(false);
  return (validate.errors ?? []).map((e) => `${e.instancePath} ${e.keyword}`);
}
function accepts(validate: ValidateFunction, value: unknown): string[] {
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

const HASH_31_BYTES = `0x${"ab".repeat(31)}`;
const STATE_METHODS = [
  "eth_getBalance",
  "eth_getCode",
  "eth_getStorageAt",
  "eth_getTransactionCount",
  "eth_call",
  "eth_estimateGas",
  "eth_getProof",
];
const BLOCK_HASH = "0xafc07632bae1876af2bdc06ffe961650a3674ac7601a947958d14cf2752c5942";
const ADDRESS = "0x00000000219ab540356cbb839cbe05303d7705fa";

describe("evm spec: the OpenRPC document", () => {
  test("passes @open-rpc/schema-utils-js validation and dereferences", async () => {
    expect(validateOpenRPCDocument(structuredClone(spec) as never)).toBe(true);
    const parsed = await parseOpenRPCDocument(JSON.stringify(spec));
    expect(parsed.methods).toHaveLength(methods.length);
  });

  test("every component schema, param schema and result schema compiles", () => {
    const names = Object.keys((spec.components as Json).schemas as Json);
    expect(names.length).toBeGreaterThan(20);
    for (const name of names)
      expect(typeof validatorAt("evm", `/components/schemas/${name}`)).toBe("function");
    for (const m of methods) {
      expect(typeof resultOf(m.name)).toBe("function");
      expect(typeof paramsOf(m.name)).toBe("function");
      for (const p of m.params)
        expect(typeof validatorAt("evm", `/methods/${m.name}/params/${p.name}/schema`)).toBe("function");
    }
  });

  test("every method is documented, safe to retry unless it sends, by position and has examples", () => {
    const interfaceMethods = [
      "eth_getProof",
      "ots_getHeaderByNumber",
      "eth_getBlockByHash",
      "eth_getTransactionByHash",
      "eth_getSystemTxsByBlockHash",
      "web3_clientVersion",
    ];
    // Every method HyperEVM's JSON-RPC page lists, and what users add to it.
    const beyond = [
      "net_version",
      "eth_chainId",
      "eth_blockNumber",
      "eth_syncing",
      "eth_gasPrice",
      "eth_maxPriorityFeePerGas",
      "eth_feeHistory",
      "eth_bigBlockGasPrice",
      "eth_usingBigBlocks",
      "eth_getBalance",
      "eth_getCode",
      "eth_getStorageAt",
      "eth_getTransactionCount",
      "eth_call",
      "eth_estimateGas",
      "eth_getLogs",
      "eth_getBlockByNumber",
      "eth_getBlockReceipts",
      "eth_getBlockTransactionCountByHash",
      "eth_getBlockTransactionCountByNumber",
      "eth_getTransactionByBlockHashAndIndex",
      "eth_getTransactionByBlockNumberAndIndex",
      "eth_getTransactionReceipt",
      "eth_sendRawTransaction",
      "eth_getSystemTxsByBlockNumber",
      "eth_subscribe",
      "eth_unsubscribe",
    ];
    expect(methods.map((m) => m.name).sort()).toEqual([...interfaceMethods, ...beyond].sort());
    for (const m of methods) {
      expect(m.summary, m.name).toBeTruthy();
      expect(m.description?.length, m.name).toBeGreaterThan(80);
      expect(m.description, m.name).not.toMatch(/interface/i);
      // A subscription belongs to one connection: chainkit subscribes again on the next one instead.
      expect(m["x-idempotent"] === true, m.name).toBe(
        m.name !== "eth_sendRawTransaction" && m.name !== "eth_subscribe",
      );
      expect(m["x-beyond-interface"] === true, m.name).toBe(beyond.includes(m.name));
      expect(m.examples?.length, m.name).toBeGreaterThan(0);
    }
  });

  test("only a state method's block (and eth_subscribe's log filter) is optional; the block takes latest or pending", () => {
    const optional = methods.flatMap((m) =>
      m.params.filter((p) => !p.required).map((p) => `${m.name}.${p.name}`),
    );
    expect(optional.sort()).toEqual(
      [...STATE_METHODS.map((name) => `${name}.block`), "eth_subscribe.filter"].sort(),
    );
    for (const name of STATE_METHODS) {
      const block = method(name).params.find((p) => p.name === "block");
      expect(block?.schema, name).toEqual({ $ref: "#/components/schemas/StateBlockTag" });
    }
  });

  test("no description speaks of the interface", () => {
    const text = JSON.stringify(spec);
    const descriptions = [...text.matchAll(/"description":"((?:[^"\\]|\\.)*)"/g)].map((match) => match[1]);
    expect(descriptions.filter((d) => /the interface/i.test(d ?? ""))).toEqual([]);
  });

  test("every example pairing's params and result validate against the method's schemas", () => {
    let pairings = 0;
    for (const m of methods) {
      for (const ref of m.examples ?? []) {
        const pairing = resolvePointer(spec, ref.$ref.slice(1)) as ExamplePairing;
        const where = `${m.name} / ${pairing.name}`;
        // Optional trailing params may be left out of an example, as a caller may leave them out.
        const named = m.params.map((p) => p.name);
        expect(named.slice(0, pairing.params.length), where).toEqual(pairing.params.map((p) => p.name));
        expect(pairing.params.length, where).toBeGreaterThanOrEqual(
          m.params.filter((p) => p.required).length,
        );
        expect(
          accepts(
            paramsOf(m.name),
            pairing.params.map((p) => p.value),
          ),
          where,
        ).toEqual([]);
        expect(pairing.result.name, where).toBe(m.result.name);
        expect(accepts(resultOf(m.name), pairing.result.value), where).toEqual([]);
        pairings++;
      }
    }
    expect(pairings).toBeGreaterThanOrEqual(methods.length + 6);
  });

  test("every schema example validates against its schema", () => {
    const schemas = (spec.components as Json).schemas as Record<string, Json>;
    const failures = Object.entries(schemas).flatMap(([name, schema]) =>
      ((schema.examples as unknown[] | undefined) ?? []).flatMap((value, i) =>
        accepts(validatorAt("evm", `/components/schemas/${name}`), value).map((e) => `${name}[${i}]: ${e}`),
      ),
    );
    expect(failures).toEqual([]);
  });

  test("servers offer token mode and basic mode under /evm; bearer is refused", () => {
    const servers = spec.servers as Json[];
    expect(servers.map((s) => s.url)).toEqual([
      "https://{node_host}/{auth_token}/evm",
      "https://{node_host}/evm",
    ]);
    expect(resolvePointer(spec, "/servers/token/variables/auth_token")).toMatchObject({
      default: "YOUR_AUTH_TOKEN",
    });
    expect(resolvePointer(spec, "/x-security/schemes/basicAuth")).toMatchObject({
      type: "http",
      scheme: "basic",
    });
    expect((spec.info as Json).description).toMatch(/Bearer tokens are not accepted/);
  });
});

describe("evm spec: bad input is rejected where it is wrong", () => {
  const request = validatorAt("evm", "/components/schemas/JsonRpcRequest");

  test("a 31-byte hash", () => {
    expect(rejections(paramsOf("eth_getBlockByHash"), [HASH_31_BYTES, false])).toEqual(["/0 pattern"]);
    expect(rejections(paramsOf("eth_getTransactionByHash"), [HASH_31_BYTES])).toEqual(["/0 pattern"]);
    expect(rejections(paramsOf("eth_getSystemTxsByBlockHash"), [`${BLOCK_HASH}0`])).toEqual(["/0 pattern"]);
    expect(rejections(paramsOf("eth_getProof"), [ADDRESS, [`0x${"ab".repeat(33)}`], "latest"])).toEqual([
      "/1/0 pattern",
    ]);
  });

  test("eth_getProof at any block but latest", () => {
    expect(rejections(paramsOf("eth_getProof"), [ADDRESS, [], "0x10"])).toEqual(["/2 enum"]);
    expect(rejections(paramsOf("eth_getProof"), [ADDRESS, [], "earliest"])).toEqual(["/2 enum"]);
    expect(rejections(validatorAt("evm", "/methods/eth_getProof/params/block/schema"), "0x10")).toEqual([
      " enum",
    ]);
  });

  test("a request envelope that is not JSON-RPC 2.0", () => {
    const envelope = { jsonrpc: "2.0", method: "eth_chainId", params: [], id: 1 };
    expect(accepts(request, envelope)).toEqual([]);
    // JSON-RPC 2.0: params may be left out, ids may be strings or null, no id is a notification.
    for (const allowed of [{ id: "1" }, { id: null }, { id: undefined }, { params: undefined }]) {
      expect(accepts(request, JSON.parse(JSON.stringify({ ...envelope, ...allowed })))).toEqual([]);
    }
    expect(rejections(request, { ...envelope, jsonrpc: "1.0" })).toEqual(["/jsonrpc const"]);
    expect(rejections(request, { ...envelope, id: 1.5 })).toEqual(["/id type"]);
    expect(rejections(request, { ...envelope, id: {} })).toEqual(["/id type"]);
    expect(rejections(request, { ...envelope, params: {} })).toEqual(["/params type"]);
    expect(rejections(request, { ...envelope, extra: true })).toEqual([" additionalProperties"]);
    for (const member of ["jsonrpc", "method"]) {
      const { [member]: _, ...missing } = envelope as Json;
      expect(rejections(request, missing)).toEqual([" required"]);
      expect(request.errors?.[0]?.params).toEqual({ missingProperty: member });
    }
  });

  test("a missing required param", () => {
    expect(rejections(paramsOf("eth_getBlockByHash"), [BLOCK_HASH])).toEqual([" minItems"]);
    expect(rejections(paramsOf("eth_getProof"), [ADDRESS])).toEqual([" minItems"]);
    expect(rejections(paramsOf("ots_getHeaderByNumber"), [])).toEqual([" minItems"]);
    expect(rejections(paramsOf("web3_clientVersion"), ["extra"])).toEqual([" maxItems"]);
    expect(rejections(paramsOf("eth_getBlockByHash"), [BLOCK_HASH, false, 1])).toEqual([" items"]);
  });

  test("a non-boolean fullTransactionObjects", () => {
    expect(rejections(paramsOf("eth_getBlockByHash"), [BLOCK_HASH, "true"])).toEqual(["/1 type"]);
    expect(rejections(paramsOf("eth_getBlockByNumber"), ["latest", 1])).toEqual(["/1 type"]);
  });

  test("ots_getHeaderByNumber takes a JSON integer, not a hex quantity", () => {
    expect(accepts(paramsOf("ots_getHeaderByNumber"), [1000])).toEqual([]);
    expect(rejections(paramsOf("ots_getHeaderByNumber"), ["0x3e8"])).toEqual(["/0 type"]);
    expect(rejections(paramsOf("ots_getHeaderByNumber"), [-1])).toEqual(["/0 minimum"]);
  });

  test("eth_getBlockByNumber takes a canonical quantity or a supported tag", () => {
    expect(accepts(paramsOf("eth_getBlockByNumber"), ["0x1e8484", false])).toEqual([]);
    expect(accepts(paramsOf("eth_getBlockByNumber"), ["finalized", true])).toEqual([]);
    expect(rejections(paramsOf("eth_getBlockByNumber"), ["0x01", false])).toContain("/0 pattern");
    expect(rejections(paramsOf("eth_getBlockByNumber"), ["pending", false])).toContain("/0 enum");
    expect(rejections(paramsOf("eth_getBlockByNumber"), [2000004, false])).toContain("/0 type");
  });

  test("a response carrying both result and error, and a rate-limit error without try_again_in", () => {
    const response = validatorAt("evm", "/components/schemas/JsonRpcResponse");
    const rateLimit = validatorAt("evm", "/components/schemas/RateLimitErrorObject");
    const error = { code: -32005, message: "You've exceeded the RPS limit available on the current plan." };
    expect(accepts(response, { jsonrpc: "2.0", id: 1, result: null })).toEqual([]);
    expect(
      accepts(response, { jsonrpc: "2.0", id: 1, error: { ...error, data: { try_again_in: "250ms" } } }),
    ).toEqual([]);
    expect(rejections(response, { jsonrpc: "2.0", id: 1, result: "0x1", error })).toContain(" oneOf");
    expect(rejections(response, { jsonrpc: "1.0", id: 1, result: "0x1" })).toContain("/jsonrpc const");
    expect(accepts(rateLimit, { ...error, data: { try_again_in: "900µs" } })).toEqual([]);
    expect(rejections(rateLimit, { ...error, data: {} })).toEqual(["/data required"]);
    expect(rejections(rateLimit, { ...error, data: { try_again_in: "soon" } })).toEqual([
      "/data/try_again_in pattern",
    ]);
  });
});

describe("evm spec: real payloads are accepted", () => {
  const folder = new URL("../fixtures/evm/", import.meta.url);
  const files = readdirSync(folder).filter((name) => name.endsWith(".json"));
  const block = resultOf("eth_getBlockByHash");
  const transaction = resultOf("eth_getTransactionByHash");
  const proof = resultOf("eth_getProof");
  const header = resultOf("ots_getHeaderByNumber");
  const blockHeader = validatorAt("evm", "/components/schemas/BlockHeader");
  const systemTransaction = validatorAt("evm", "/components/schemas/SystemTransaction");
  const load = (name: string) => fixture<Json>(`evm/${name}`);
  const startingWith = (prefix: string) => files.filter((name) => name.startsWith(prefix));

  test("every fixture is covered by one of the cases below", () => {
    const covered = [
      "eth_getBlockByHash_",
      "eth_getProof_",
      "eth_getTransactionByHash_",
      "ots_getHeaderByNumber_",
    ];
    expect(files.filter((name) => !covered.some((prefix) => name.startsWith(prefix)))).toEqual([]);
    expect(files).toHaveLength(19);
  });

  test.each(startingWith("eth_getBlockByHash_"))("block %s", (name) => {
    const vector = load(name);
    expect(accepts(block, vector.result)).toEqual([]);
    expect(accepts(paramsOf("eth_getBlockByHash"), (vector.request as Json).params)).toEqual([]);
    const transactions = (vector.result as Json).transactions as unknown[];
    const full = ((vector.request as Json).params as unknown[])[1] === true;
    expect(transactions.every((t) => typeof t === (full ? "object" : "string"))).toBe(true);
    if (full) for (const tx of transactions) expect(accepts(transaction, tx)).toEqual([]);
  });

  test("blocks with hashes and with full objects, and each transaction type, are among them", () => {
    const blocks = startingWith("eth_getBlockByHash_").map((name) => load(name));
    const full = blocks.filter((b) => ((b.request as Json).params as unknown[])[1] === true);
    expect(full.length).toBeGreaterThan(0);
    expect(full.length).toBeLessThan(blocks.length);
    const types = new Set(
      full.flatMap((b) => ((b.result as Json).transactions as Json[]).map((tx) => tx.type)),
    );
    expect([...types].sort()).toEqual(["0x0", "0x2"]);
  });

  test.each(startingWith("eth_getTransactionByHash_"))("transaction %s", (name) => {
    const vector = load(name);
    expect(accepts(transaction, vector.result)).toEqual([]);
    expect(accepts(paramsOf("eth_getTransactionByHash"), (vector.request as Json).params)).toEqual([]);
  });

  test.each(startingWith("eth_getProof_"))("proof %s", (name) => {
    const vector = load(name);
    expect(accepts(proof, vector.result)).toEqual([]);
    // Headers and blocks recorded next to a proof are real too.
    if (vector.block) expect(accepts(block, vector.block)).toEqual([]);
    if (vector.blockHeader) expect(accepts(blockHeader, vector.blockHeader)).toEqual([]);
  });

  test("proof requests recorded at historical blocks are refused by the latest-only rule", () => {
    const requests = startingWith("eth_getProof_")
      .map((name) => load(name).request as Json | undefined)
      .filter((r) => r !== undefined);
    expect(requests.length).toBeGreaterThan(0);
    for (const { params } of requests as { params: unknown[] }[]) {
      expect(rejections(paramsOf("eth_getProof"), params)).toEqual(["/2 enum"]);
      expect(accepts(paramsOf("eth_getProof"), [params[0], params[1], "latest"])).toEqual([]);
    }
  });

  test("the ots_getHeaderByNumber sample, and its request with a plain integer", () => {
    const sample = load("ots_getHeaderByNumber_spec_and_derived_sample.json").derived_sample as Json;
    expect(accepts(header, sample.result)).toEqual([]);
    expect(accepts(paramsOf("ots_getHeaderByNumber"), (sample.request as Json).params)).toEqual([]);
    expect(rejections(header, { ...(sample.result as Json), nonce: "0x0000000000000001" })).toContain(
      "/nonce const",
    );
    expect(accepts(header, null)).toEqual([]);
  });

  test("pending, contract-creation and other transaction types stay accepted", () => {
    const base = load("eth_getTransactionByHash_mainnet_type2.json").result as Json;
    const pending = { ...base, blockHash: null, blockNumber: null, transactionIndex: null };
    const creation = { ...base, to: null };
    const accessList = {
      ...base,
      type: "0x1",
      accessList: [{ address: ADDRESS, storageKeys: [`0x${"00".repeat(31)}01`] }],
      yParity: "0x1",
    };
    const blob = {
      ...base,
      type: "0x3",
      maxFeePerBlobGas: "0x1",
      blobVersionedHashes: [`0x01${"ab".repeat(31)}`],
    };
    const setCode = {
      ...base,
      type: "0x4",
      authorizationList: [
        { chainId: "0x3e7", address: ADDRESS, nonce: "0x0", yParity: "0x0", r: "0x1", s: "0x1" },
      ],
    };
    for (const tx of [pending, creation, accessList, blob, setCode])
      expect(accepts(transaction, tx)).toEqual([]);
    expect(accepts(transaction, { ...base, type: "0x7e" })).toEqual([]);
    expect(rejections(transaction, { ...base, blockHash: HASH_31_BYTES })).toContain("/blockHash pattern");
  });

  test("system transactions are legacy, free and sent from a system address", () => {
    const legacy = load("eth_getTransactionByHash_mainnet_legacy_eip155.json").result as Json;
    const system = { ...legacy, gasPrice: "0x0", from: "0x2222222222222222222222222222222222222222" };
    expect(accepts(systemTransaction, system)).toEqual([]);
    expect(
      accepts(systemTransaction, { ...system, from: "0x20000000000000000000000000000000000000c8" }),
    ).toEqual([]);
    expect(rejections(systemTransaction, legacy)).toEqual(
      expect.arrayContaining(["/gasPrice const", "/from pattern"]),
    );
    expect(rejections(systemTransaction, { ...system, type: "0x2" })).toContain("/type const");
  });
});

describe("evm spec: HyperEVM's rules and the execution-apis shapes", () => {
  const legacy = () =>
    fixture<Json>("evm/eth_getTransactionByHash_mainnet_legacy_eip155.json").result as Json;
  const dynamicFee = () => fixture<Json>("evm/eth_getTransactionByHash_mainnet_type2.json").result as Json;
  const transaction = resultOf("eth_getTransactionByHash");
  const without = (value: Json, ...keys: string[]) =>
    Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key)));

  test.each(STATE_METHODS)("%s reads the latest state only: latest, pending or no block", (name) => {
    const leading = method(name)
      .params.filter((p) => p.required)
      .map((p) => exampleValue(name, p.name));
    const blockAt = leading.length;
    for (const block of ["latest", "pending"])
      expect(accepts(paramsOf(name), [...leading, block])).toEqual([]);
    expect(accepts(paramsOf(name), leading)).toEqual([]);
    for (const historical of [
      "earliest",
      "safe",
      "finalized",
      "0x1",
      BLOCK_HASH,
      { blockHash: BLOCK_HASH },
    ]) {
      expect(rejections(paramsOf(name), [...leading, historical]), JSON.stringify(historical)).toContain(
        `/${blockAt} ${typeof historical === "string" ? "enum" : "type"}`,
      );
    }
  });

  test("eth_getLogs takes at most 4 topic positions, each null, a topic or a list", () => {
    const topic = `0x${"11".repeat(32)}`;
    expect(accepts(paramsOf("eth_getLogs"), [{ topics: [null, topic, [], [topic, topic]] }])).toEqual([]);
    expect(rejections(paramsOf("eth_getLogs"), [{ topics: [null, null, null, null, topic] }])).toContain(
      "/0/topics maxItems",
    );
    expect(rejections(paramsOf("eth_getLogs"), [{ fromblock: "0x1" }])).toEqual(["/0 additionalProperties"]);
  });

  test("storage keys of any length up to 32 bytes are sent as written", () => {
    for (const key of ["0x0", "0x00", "0x1", `0x${"0".repeat(64)}`]) {
      expect(accepts(paramsOf("eth_getStorageAt"), [ADDRESS, key])).toEqual([]);
      expect(accepts(paramsOf("eth_getProof"), [ADDRESS, [key]])).toEqual([]);
    }
    for (const key of [`0x${"0".repeat(65)}`, "0xasdf", "0x", "1"]) {
      expect(rejections(paramsOf("eth_getStorageAt"), [ADDRESS, key])).toEqual(["/1 pattern"]);
    }
  });

  test("each transaction type requires its own fields", () => {
    const base = dynamicFee();
    expect(accepts(transaction, base)).toEqual([]);
    expect(accepts(transaction, { ...base, yParity: "0x1" })).toEqual([]);
    expect(accepts(transaction, without({ ...base, yParity: "0x1" }, "v"))).toEqual([]);
    for (const missing of [
      "maxFeePerGas",
      "maxPriorityFeePerGas",
      "chainId",
      "accessList",
      "gasPrice",
      "hash",
      "r",
    ]) {
      expect(accepts(transaction, without(base, missing)), missing).not.toEqual([]);
    }
    expect(accepts(transaction, without(base, "v")), "neither yParity nor v").not.toEqual([]);
    expect(accepts(transaction, without(legacy(), "v"))).not.toEqual([]);
    expect(accepts(transaction, without(legacy(), "gasPrice"))).not.toEqual([]);
    const blob = {
      ...base,
      type: "0x3",
      maxFeePerBlobGas: "0x1",
      blobVersionedHashes: [`0x01${"ab".repeat(31)}`],
    };
    expect(accepts(transaction, without(blob, "gasPrice"))).toEqual([]);
    expect(accepts(transaction, without(blob, "to"))).not.toEqual([]);
    expect(accepts(transaction, without(blob, "blobVersionedHashes"))).not.toEqual([]);
    expect(accepts(transaction, { ...base, type: "0x4" }), "0x4 without authorizationList").not.toEqual([]);
  });

  test("a contract creation has no to, or a null one; a pending transaction has null positions", () => {
    for (const tx of [legacy(), dynamicFee()]) {
      expect(accepts(transaction, without(tx, "to"))).toEqual([]);
      expect(accepts(transaction, { ...tx, to: null })).toEqual([]);
      expect(
        accepts(transaction, {
          ...tx,
          blockHash: null,
          blockNumber: null,
          transactionIndex: null,
          blockTimestamp: null,
        }),
      ).toEqual([]);
    }
  });

  test("eth_call takes input or data, and refuses fields it does not know", () => {
    const to = ADDRESS;
    expect(accepts(paramsOf("eth_call"), [{ to, input: "0x01" }])).toEqual([]);
    expect(accepts(paramsOf("eth_call"), [{ to, data: "0x01" }, "latest"])).toEqual([]);
    expect(rejections(paramsOf("eth_call"), [{ to, gasLimit: "0x1" }])).toEqual(["/0 additionalProperties"]);
    expect(rejections(paramsOf("eth_call"), [{ to, value: "0x01" }])).toEqual(["/0/value pattern"]);
  });

  test("a receipt carries status or root, and a log at most 4 topics", () => {
    const receipt = resultOf("eth_getTransactionReceipt");
    const pairing = resolvePointer(
      spec,
      "/components/examplePairings/GetReceiptDynamicFee",
    ) as ExamplePairing;
    const value = pairing.result.value as Json;
    expect(accepts(receipt, value)).toEqual([]);
    expect(accepts(receipt, { ...without(value, "status"), root: BLOCK_HASH })).toEqual([]);
    expect(rejections(receipt, without(value, "status"))).toContain(" anyOf");
    const [log] = value.logs as Json[];
    const topics = Array.from({ length: 5 }, () => BLOCK_HASH);
    expect(rejections(receipt, { ...value, logs: [{ ...log, topics }] })).toContain(
      "/logs/0/topics maxItems",
    );
  });
});

/** The value a method's first example gives a param. */
function exampleValue(methodName: string, paramName: string): unknown {
  for (const ref of method(methodName).examples ?? []) {
    const pairing = resolvePointer(spec, ref.$ref.slice(1)) as ExamplePairing;
    const found = pairing.params.find((p) => p.name === paramName);
    if (found) return found.value;
  }
  throw new Error(`no example value for ${methodName} ${paramName}`);
}
