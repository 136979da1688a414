import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { exampleCases, fixture, loadSpec, resolvePointer, validatorAt } from "./support.js";

const ACTIONS = "/paths/~1api~1v3~1actions/get";
const JSON_BODY = "content/application~1json/schema";

const actionsResponse = validatorAt("indexer", `${ACTIONS}/responses/200/${JSON_BODY}`);
const unprocessable = validatorAt("indexer", `${ACTIONS}/responses/422/${JSON_BODY}`);
const serverError = validatorAt("indexer", `${ACTIONS}/responses/500/${JSON_BODY}`);
const action = validatorAt("indexer", "/components/schemas/Action");
const actionType = validatorAt("indexer", "/components/schemas/ActionType");

type Json = Record<string, unknown>;

/** Every path the indexer spec covers, in the order it lists them. */
const INDEXER_PATHS = [
  "/api/v3/transactions",
  "/api/v3/transactionsByMessage",
  "/api/v3/adjacentTransactions",
  "/api/v3/messages",
  "/api/v3/traces",
  "/api/v3/actions",
  "/api/v3/accountStates",
  "/api/v3/walletStates",
  "/api/v3/addressInformation",
  "/api/v3/walletInformation",
  "/api/v3/addressBook",
  "/api/v3/metadata",
  "/api/v3/jetton/masters",
  "/api/v3/jetton/wallets",
  "/api/v3/jetton/transfers",
  "/api/v3/jetton/burns",
  "/api/v3/nft/collections",
  "/api/v3/nft/items",
  "/api/v3/nft/transfers",
  "/api/v3/masterchainInfo",
  "/api/v3/blocks",
  "/api/v3/runGetMethod",
  "/api/v3/estimateFee",
  "/api/v3/message",
];
type Parameter = { name: string; in: string };

/**
 * Validates a query object the way a generated client does: each key against its parameter's
 * schema, unknown keys refused. Returns `instancePath keyword` per problem.
 */
function queryProblems(query: Record<string, unknown>): string[] {
  const parameters = resolvePointer(loadSpec("indexer"), `${ACTIONS}/parameters`) as Parameter[];
  const known = new Set(parameters.filter((p) => p.in === "query").map((p) => p.name));
  return Object.entries(query).flatMap(([name, value]) => {
    if (!known.has(name)) return [`/${name} additionalProperties`];
    const validate = validatorAt("indexer", `${ACTIONS}/parameters/${name}/schema`);
    return validate(value)
      ? []
      : (validate.errors ?? []).map((e) => `/${name}${e.instancePath} ${e.keyword}`);
  });
}

const examples = fixture<{
  action_examples: Json[];
  error_examples_from_code: { http: number; body: Json }[];
}>("indexer/toncenter_v3_actions_examples.json");
const types = fixture<{
  expanded: Record<string, string[]>;
  "swagger_enum_for_action_type_param_(stale,22 values)": string[];
}>("indexer/toncenter_v3_action_types.json");

describe("indexer spec: schemas and examples", () => {
  const spec = loadSpec("indexer");

  test("every component schema compiles", () => {
    const names = Object.keys((spec.components as Json).schemas as Json);
    expect(names.length).toBeGreaterThan(5);
    for (const name of names)
      expect(typeof validatorAt("indexer", `/components/schemas/${name}`)).toBe("function");
  });

  test("every example validates against its schema", () => {
    const cases = exampleCases(spec);
    expect(cases.length).toBeGreaterThanOrEqual(20);
    const failures = cases.flatMap(({ where, schema, value }) => {
      const validate = validatorAt("indexer", schema);
      return validate(value) ? [] : [`${where}: ${JSON.stringify(validate.errors)}`];
    });
    expect(failures).toEqual([]);
  });

  test("getActions is safe to retry, costs one request unit, and lives under /api/v3", () => {
    expect(resolvePointer(spec, ACTIONS)).toMatchObject({
      operationId: "getActions",
      "x-idempotent": true,
      "x-request-units": 1,
    });
    expect(Object.keys(spec.paths as Json)).toEqual(INDEXER_PATHS);
    expect((spec.servers as Json[]).map((s) => s.url)).toEqual(["{node_url}/{auth_token}", "{node_url}"]);
  });
});

describe("indexer spec: bad queries are rejected where they are wrong", () => {
  test("a good query passes", () => {
    const query = {
      account: "0:21D6615A74625CA8BEB3C7A5777978A1239EE8148B1DF18C7B8A8A3215523DA0",
      limit: 10,
    };
    expect(
      queryProblems({ ...query, offset: 0, sort: "asc", tx_lt: "93307000000008", start_utime: 0 }),
    ).toEqual([]);
  });

  test("sort must be asc or desc", () => {
    expect(queryProblems({ sort: "up" })).toEqual(["/sort enum"]);
  });

  test("limit is an integer from 1 to 1000", () => {
    expect(queryProblems({ limit: 1001 })).toEqual(["/limit maximum"]);
    expect(queryProblems({ limit: 0 })).toEqual(["/limit minimum"]);
    expect(queryProblems({ limit: "abc" })).toEqual(["/limit type"]);
    expect(queryProblems({ limit: 1000 })).toEqual([]);
  });

  test("offset cannot be negative, times are integers, logical times are decimal", () => {
    expect(queryProblems({ offset: -1 })).toEqual(["/offset minimum"]);
    expect(queryProblems({ start_utime: "yesterday" })).toEqual(["/start_utime type"]);
    expect(queryProblems({ tx_lt: "abc" })).toEqual(["/tx_lt pattern"]);
    expect(queryProblems({ end_lt: 1.5 })).toContain("/end_lt type");
  });

  test("unknown query parameters are refused", () => {
    expect(queryProblems({ page: 2 })).toEqual(["/page additionalProperties"]);
  });
});

describe("indexer spec: real payloads are accepted", () => {
  test("the upstream indexer's actions, alone and in a response", () => {
    for (const item of examples.action_examples)
      expect(action(item), JSON.stringify(action.errors)).toBe(true);
    const body = { actions: examples.action_examples, address_book: {} };
    expect(actionsResponse(body), JSON.stringify(actionsResponse.errors)).toBe(true);
  });

  test("logical times arrive as decimal strings; integers are accepted too, other strings are not", () => {
    const [first] = examples.action_examples as [Json];
    expect(first.start_lt).toBe("93307000000008");
    expect(action({ ...first, start_lt: 93307000000008 })).toBe(true);
    expect(action({ ...first, end_lt: "18446744073709551615" })).toBe(true);
    expect(action.errors).toBeNull();
    expect(action({ ...first, start_lt: "0x1" })).toBe(false);
    expect(action.errors?.map((e) => e.instancePath)).toContain("/start_lt");
  });

  test("only the fields both shapes share are required", () => {
    const [first] = examples.action_examples as [Json];
    const { action_id: _dropped, ...withoutId } = first;
    expect(action(withoutId)).toBe(false);
    expect(action.errors?.[0]?.params).toEqual({ missingProperty: "action_id" });
    const { transactions: _t, success: _s, details: _d, ...sharedOnly } = first;
    expect(action(sharedOnly)).toBe(true);
  });

  test("every action type the indexer knows, old and new, and the interface's PascalCase names", () => {
    const known = new Set([
      ...Object.values(types.expanded).flat(),
      ...types["swagger_enum_for_action_type_param_(stale,22 values)"],
    ]);
    expect(known.size).toBeGreaterThanOrEqual(75);
    for (const type of [...known, "JettonTransfer", "NftItemTransfer", "CoinTransfer", "ContractDeploy"]) {
      expect(actionType(type), type).toBe(true);
    }
    const snake = resolvePointer(loadSpec("indexer"), "/components/schemas/ActionType/anyOf/1") as {
      enum: string[];
    };
    expect([...snake.enum].sort()).toEqual([...(types.expanded.latest ?? [])].sort());
    expect(actionType("a_type_added_next_year")).toBe(true);
    expect(actionType(42)).toBe(false);
  });

  test("error bodies: 422 with code, 500 without", () => {
    for (const { http, body } of examples.error_examples_from_code) {
      const validate = http === 422 ? unprocessable : serverError;
      expect(validate(body), JSON.stringify(body)).toBe(true);
    }
    expect(unprocessable({ error: "limit is not allowed: 1001 > 1000", code: 422 })).toBe(true);
    expect(unprocessable({ code: 422 })).toBe(false);
  });

  test("address_book entries: user_friendly required, domain a string or null", () => {
    const raw = "0:21D6615A74625CA8BEB3C7A5777978A1239EE8148B1DF18C7B8A8A3215523DA0";
    const book = (entry: Json) => ({ actions: [], address_book: { [raw]: entry } });
    const entry = { user_friendly: "UQAh1mFadGJcqL6zx6V3eXihI57oFIsd8Yx7iooyFVI9oDso", domain: null };
    expect(actionsResponse(book(entry))).toBe(true);
    expect(actionsResponse(book({ ...entry, domain: "alice.ton", interfaces: ["wallet_v4r2"] }))).toBe(true);
    expect(actionsResponse(book({ domain: null }))).toBe(false);
    expect(actionsResponse.errors?.[0]?.instancePath).toBe(`/address_book/${raw}`);
    expect(actionsResponse({ actions: [] })).toBe(false);
  });
});

/** A recorded answer: the call as made, and the body the service sent. */
interface Recorded {
  http: string;
  request: Json | null;
  response: unknown;
}

/** The recorded answers of one vector file, from test/fixtures/indexer. */
const recorded = (file: string) => fixture<{ examples: Recorded[] }>(`indexer/${file}`).examples;

/** The schema of an operation's answer for one status, as a validator. */
function answerSchema(path: string, method: "get" | "post", status = "200") {
  return validatorAt(
    "indexer",
    `/paths/${path.replaceAll("/", "~1")}/${method}/responses/${status}/${JSON_BODY}`,
  );
}

describe("indexer spec: every recorded answer validates", () => {
  const cases: [string, string, "get" | "post", string][] = [
    ["transactions", "/api/v3/transactions", "get", "ton_v3_transactions.json"],
    ["transactionsByMessage", "/api/v3/transactionsByMessage", "get", "ton_v3_transactions.json"],
    ["traces", "/api/v3/traces", "get", "ton_v3_traces.json"],
    ["jetton transfers", "/api/v3/jetton/transfers", "get", "ton_v3_jetton_transfers.json"],
    ["addressInformation", "/api/v3/addressInformation", "get", "ton_v3_addressInformation.json"],
    ["masterchainInfo", "/api/v3/masterchainInfo", "get", "ton_v3_masterchainInfo.json"],
    ["runGetMethod", "/api/v3/runGetMethod", "post", "ton_v3_runGetMethod.json"],
  ];
  test.each(cases)("%s", (_name, path, method, file) => {
    const validate = answerSchema(path, method);
    const examples = recorded(file);
    expect(examples.length).toBeGreaterThan(0);
    for (const [index, example] of examples.entries()) {
      expect(validate(example.response), `${file} #${index + 1}: ${JSON.stringify(validate.errors)}`).toBe(
        true,
      );
    }
  });

  test("the traces' address books and metadata have the shape of addressBook and metadata answers", () => {
    const book = answerSchema("/api/v3/addressBook", "get");
    const metadata = answerSchema("/api/v3/metadata", "get");
    for (const { response } of recorded("ton_v3_traces.json")) {
      const { address_book, metadata: meta } = response as { address_book: unknown; metadata: unknown };
      expect(book(address_book), JSON.stringify(book.errors)).toBe(true);
      expect(metadata(meta), JSON.stringify(metadata.errors)).toBe(true);
    }
  });

  test("the recorded get-method requests are valid requests", () => {
    const body = validatorAt("indexer", `/paths/~1api~1v3~1runGetMethod/post/requestBody/${JSON_BODY}`);
    for (const { request } of recorded("ton_v3_runGetMethod.json")) {
      expect(body(request), JSON.stringify(body.errors)).toBe(true);
    }
    expect(body({ address: "0:ABC", method: "seqno" })).toBe(false);
    expect(
      body({ address: "EQAjflEZ_6KgKMxPlcnKN1ZoUvHdTT6hVwTW95EGVQfeSha2", method: "seqno", extra: 1 }),
    ).toBe(false);
  });

  test("where the upstream Swagger file is stale, the spec follows the answers", () => {
    const [first] = recorded("ton_v3_transactions.json") as [Recorded];
    const transaction = (first.response as { transactions: Json[] }).transactions[0] as Json;
    const message = validatorAt("indexer", "/components/schemas/Message");
    // Swagger: opcode integer; the service sends a hex string.
    expect((transaction.out_msgs as Json[])[0]?.opcode).toBe("0x0f8a7ea5");
    expect(message((transaction.out_msgs as Json[])[0])).toBe(true);
    // Swagger: 400 RequestError; the service answers 422 with {error, code}.
    expect(resolvePointer(spec(), "/paths/~1api~1v3~1transactions/get/responses/422")).toBeDefined();
    // A credit past 2^63 still reads: amounts are unbounded decimal strings.
    const credit = ((transaction.description as Json).credit_ph as Json).credit as string;
    expect(BigInt(credit) > 2n ** 63n).toBe(true);
  });
});

describe("indexer spec: list operations page alike", () => {
  const operations = () =>
    Object.entries(spec().paths as Record<string, Record<string, Json>>).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => method === "get" || method === "post")
        .map(([method, operation]) => ({ path, method, operation })),
    );

  test("every operation costs one request unit; every one but sendMessage is safe to retry", () => {
    for (const { path, operation } of operations()) {
      expect(operation["x-request-units"], path).toBe(1);
      expect(operation["x-idempotent"] === true, path).toBe(operation.operationId !== "sendMessage");
    }
  });

  test("each paged list names its items and key, and takes limit (1 to 1000) and offset", () => {
    const paged = operations().filter(({ operation }) => operation["x-paging"] !== undefined);
    expect(paged.map(({ operation }) => operation.operationId)).toEqual([
      "getTransactions",
      "getTransactionsByMessage",
      "getMessages",
      "getTraces",
      "getActions",
      "getJettonMasters",
      "getJettonWallets",
      "getJettonTransfers",
      "getJettonBurns",
      "getNftCollections",
      "getNftItems",
      "getNftTransfers",
      "getBlocks",
    ]);
    // The bundled spec has every $ref replaced, so parameters can be found by name.
    const bundled = JSON.parse(
      readFileSync(new URL("../../generated/indexer/spec.json", import.meta.url), "utf8"),
    );
    for (const { path, operation } of paged) {
      const { items, key } = operation["x-paging"] as { items: string; key: string[] };
      const pointer = `/paths/${path.replaceAll("/", "~1")}/get`;
      const answer = resolvePointer(bundled, `${pointer}/responses/200/${JSON_BODY}`) as Json;
      const list = (answer.properties as Json)[items] as Json;
      expect((answer.required as string[]).includes(items), path).toBe(true);
      expect(list.type, path).toBe("array");
      const item = list.items as Json;
      for (const field of key) expect((item.properties as Json)[field], `${path} ${field}`).toBeDefined();
      for (const field of key) expect(item.required as string[], `${path} ${field}`).toContain(field);
      const limit = resolvePointer(bundled, `${pointer}/parameters/limit/schema`) as Json;
      expect(limit, path).toMatchObject({ minimum: 1, maximum: 1000 });
      expect(resolvePointer(bundled, `${pointer}/parameters/offset`), path).toBeDefined();
    }
  });
});

function spec(): Json {
  return loadSpec("indexer");
}
