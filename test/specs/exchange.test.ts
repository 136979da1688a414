import {
  canonicalize,
  createL1ActionHash,
  signL1Action,
  signUserSignedAction,
} from "@nktkas/hyperliquid/signing";
import { hashTypedData } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, test } from "vitest";
import { ACTION_SHAPES } from "../../src/exchange/signing/wire-shapes.js";
import {
  nktkasL1Schema,
  nktkasUserSignedTypes,
  userSignedTypedData,
} from "../exchange/support/nktkas-reference.js";
import {
  exampleCases,
  fixture,
  followRef,
  loadSpec,
  rejections,
  resolvePointer,
  validatorAt,
} from "./support.js";

type Json = Record<string, unknown>;

const OPERATION = "/paths/~1exchange#batchModify/post";
const request = validatorAt("exchange", "/components/schemas/BatchModifyRequest");
const response = validatorAt("exchange", `${OPERATION}/responses/200/content/application~1json/schema`);
const order = validatorAt("exchange", "/components/schemas/Order");
const signature = validatorAt("exchange", "/components/schemas/Signature");
const modifyStatus = validatorAt("exchange", "/components/schemas/PlacementStatus");

const limitOrder = { a: 0, b: true, p: "61500", s: "0.002", r: false, t: { limit: { tif: "Gtc" } } };
const signed = {
  nonce: 1754922717871,
  signature: {
    r: "0x0bf2e029635887df0c19b0f5cf1044ce363fba27e91c59db443db1c9522c8aae",
    s: "0x20586ca9ba9cf539b5d4be6a4b3499cc22f6a4ce6b20cda0afd05abed3427e8e",
    v: 28,
  },
};
/** A valid request whose single modification carries `newOrder`. */
function withOrder(newOrder: unknown, oid: unknown = 77738308): Json {
  return { action: { type: "batchModify", modifies: [{ oid, order: newOrder }] }, ...signed };
}
const ORDER_PATH = "/action/modifies/0/order";

interface SigningVector {
  name: string;
  action?: { type: string; orders?: Json[] };
  expected: { mainnet?: Json };
}
const vectors = Object.values(
  fixture<{ groups: Record<string, { vectors: SigningVector[] }> }>("exchange/signing-official.json").groups,
).flatMap((group) => group.vectors);
const responses = fixture<{
  batchModify_ok: { body?: Json; statuses_variants?: string[] }[];
  per_leg_errors_seen: string[];
  top_level_errors: { body: Json }[];
  http_422_plain_text: string;
}>("exchange/responses.json");

const ACTIONS = [
  "order",
  "cancel",
  "cancelByCloid",
  "modify",
  "batchModify",
  "scheduleCancel",
  "updateLeverage",
  "updateIsolatedMargin",
  "approveAgent",
  "usdSend",
  "spotSend",
  "withdraw3",
  "usdClassTransfer",
  "sendAsset",
  "approveBuilderFee",
  "twapOrder",
  "twapCancel",
  "vaultTransfer",
  "createSubAccount",
  "subAccountTransfer",
  "subAccountSpotTransfer",
  "evmUserModify",
  "reserveRequestWeight",
  "noop",
];
const USER_SIGNED = new Set([
  "approveAgent",
  "usdSend",
  "spotSend",
  "withdraw3",
  "usdClassTransfer",
  "sendAsset",
  "approveBuilderFee",
]);
const QUERIES = [
  "meta",
  "spotMeta",
  "allMids",
  "l2Book",
  "openOrders",
  "frontendOpenOrders",
  "orderStatus",
  "userFills",
  "clearinghouseState",
  "metaAndAssetCtxs",
  "spotMetaAndAssetCtxs",
  "spotClearinghouseState",
  "candleSnapshot",
  "fundingHistory",
  "userFunding",
  "userFillsByTime",
  "historicalOrders",
  "userFees",
  "userRateLimit",
  "maxBuilderFee",
  "subAccounts",
  "portfolio",
  "userNonFundingLedgerUpdates",
];
const bodyPointer = (path: string) =>
  `/paths/${path.replace("/", "~1")}/post/requestBody/content/application~1json/schema`;

describe("exchange spec: schemas and examples", () => {
  const spec = loadSpec("exchange");

  test("every component schema compiles", () => {
    const names = Object.keys((spec.components as Json).schemas as Json);
    expect(names.length).toBeGreaterThanOrEqual(80);
    for (const name of names) {
      expect(typeof validatorAt("exchange", `/components/schemas/${name}`)).toBe("function");
    }
  });

  test("every example validates against its schema", () => {
    const cases = exampleCases(spec);
    expect(cases.length).toBeGreaterThanOrEqual(60);
    const failures = cases.flatMap(({ where, schema, value }) => {
      const validate = validatorAt("exchange", schema);
      return validate(value) ? [] : [`${where}: ${JSON.stringify(validate.errors)}`];
    });
    expect(failures).toEqual([]);
  });

  test("one operation per action on /exchange and per query on /info, named by the body's type", () => {
    const paths = spec.paths as Record<string, { post: Json }>;
    expect(Object.keys(paths).sort()).toEqual(
      [...ACTIONS.map((id) => `/exchange#${id}`), ...QUERIES.map((id) => `/info#${id}`)].sort(),
    );
    for (const [path, item] of Object.entries(paths)) {
      const [endpoint, id] = path.split("#") as [string, string];
      const operation = item.post;
      expect(operation.operationId, path).toBe(id);
      const body = resolvePointer(spec, bodyPointer(path)) as Json;
      const type =
        endpoint === "/exchange"
          ? resolvePointer(spec, `${bodyPointer(path)}/properties/action/properties/type`)
          : resolvePointer(spec, `${bodyPointer(path)}/properties/type`);
      expect((type as Json).const, path).toBe(id);
      expect(body.additionalProperties, path).toBe(false);
      // Queries are safe to repeat; a signed action is resent only as the same signed body.
      expect(operation["x-idempotent"] === true, path).toBe(endpoint === "/info");
      expect(Object.keys(operation.responses as Json).sort(), path).toEqual(["200", "422"]);
    }
    expect(spec.security).toEqual([]);
    const malformed = resolvePointer(spec, `${OPERATION}/responses/422/content/text~1plain/schema`);
    expect(malformed).toMatchObject({ type: "string" });
  });

  test("each L1 action's property order is the key order the client hashes", () => {
    for (const [type, shape] of Object.entries(ACTION_SHAPES)) {
      const schema = resolvePointer(spec, `${bodyPointer(`/exchange#${type}`)}/properties/action`);
      expect(shapeOf(spec, schema), type).toEqual(shape);
    }
    expect(Object.keys(ACTION_SHAPES).sort()).toEqual(ACTIONS.filter((id) => !USER_SIGNED.has(id)).sort());
  });

  test("the signed request examples carry real signatures (recomputed with @nktkas/hyperliquid and viem)", async () => {
    const signer = fixture<{
      privateKey: `0x${string}`;
      address: string;
      connectionIds: Record<string, Record<string, string>>;
    }>("exchange/spec-examples-signer.json");
    const wallet = privateKeyToAccount(signer.privateKey);
    expect(wallet.address).toBe(signer.address);
    let checked = 0;
    for (const id of ACTIONS) {
      const examples = resolvePointer(
        spec,
        `/paths/~1exchange#${id}/post/requestBody/content/application~1json/examples`,
      ) as Record<string, { value: Json }>;
      expect(Object.keys(examples).sort(), id).toEqual(Object.keys(signer.connectionIds[id] ?? {}).sort());
      for (const [name, { value }] of Object.entries(examples)) {
        const expected = signer.connectionIds[id]?.[name];
        if (USER_SIGNED.has(id)) {
          const action = value.action as Json;
          expect(hashTypedData(userSignedTypedData(action) as never), name).toBe(expected);
          const theirs = await signUserSignedAction({
            wallet,
            action: action as never,
            types: nktkasUserSignedTypes(id),
          });
          expect(theirs, name).toEqual(value.signature);
        } else {
          const args = {
            action: canonicalize(nktkasL1Schema(id), value.action) as Json,
            nonce: value.nonce as number,
            vaultAddress: value.vaultAddress as `0x${string}` | undefined,
            expiresAfter: value.expiresAfter as number | undefined,
          };
          expect(createL1ActionHash(args), `${id} ${name}`).toBe(expected);
          expect(await signL1Action({ wallet, ...args }), `${id} ${name}`).toEqual(value.signature);
        }
        checked++;
      }
    }
    expect(checked).toBe(27);
  });
});

/** The wire shape a schema describes, in the client's terms (see src/exchange/signing/wire-shapes.ts). */
function shapeOf(spec: unknown, node: unknown): unknown {
  const schema = followRef(spec, node) as Json;
  const ref = (node as Json).$ref as string | undefined;
  const name = ref?.split("/").at(-1);
  if (name === "DecimalString") return "decimal";
  if (name === "Cloid") return "cloid";
  if (name === "LowercaseAddress") return "lowercaseAddress";
  if (name === "OrderRef") return "orderRef";
  if (name === "AlwaysPlace") return "trueOnly";
  if (schema.type === "string" && schema.const === undefined && schema.enum === undefined) return "string";
  if (Array.isArray(schema.oneOf)) {
    const branches = schema.oneOf.map((branch) => followRef(spec, branch) as Json);
    return {
      oneKey: Object.fromEntries(
        branches.map((branch) => {
          const [key, inner] = Object.entries(branch.properties as Json)[0] as [string, unknown];
          return [key, shapeOf(spec, inner)];
        }),
      ),
    };
  }
  if (typeof schema.const === "string") return { const: schema.const };
  if (Array.isArray(schema.enum)) return { enum: schema.enum };
  if (schema.type === "boolean") return "bool";
  if (schema.type === "integer") return (schema.minimum as number) >= 0 ? "uint" : "int";
  if (schema.type === "array") return { list: shapeOf(spec, schema.items) };
  const required = (schema.required as string[] | undefined) ?? [];
  return {
    fields: Object.entries(schema.properties as Json).map(([key, inner]) => [
      key,
      shapeOf(spec, inner),
      required.includes(key),
    ]),
  };
}

describe("exchange spec: bad requests are rejected where they are wrong", () => {
  test('tif "Foo" is rejected at the tif of the order', () => {
    expect(rejections(request, withOrder({ ...limitOrder, t: { limit: { tif: "Foo" } } }))).toContain(
      `${ORDER_PATH}/t/limit/tif enum`,
    );
  });

  test("tpsl is tp or sl, and a trigger needs isMarket, triggerPx, tpsl", () => {
    const trigger = { isMarket: true, triggerPx: "385", tpsl: "stop" };
    expect(rejections(request, withOrder({ ...limitOrder, t: { trigger } }))).toContain(
      `${ORDER_PATH}/t/trigger/tpsl enum`,
    );
    expect(
      rejections(request, withOrder({ ...limitOrder, t: { trigger: { isMarket: true, tpsl: "sl" } } })),
    ).toContain(`${ORDER_PATH}/t/trigger required`);
  });

  test("a cloid must be 0x + 32 lowercase hex digits, as c and as oid", () => {
    for (const bad of [
      "0x1",
      "0x0000000000000000000000000000000",
      "0x1E60610F0B3D420597C88C1FED2AD5EE",
      "1e60610f0b3d420597c88c1fed2ad5ee00",
    ]) {
      expect(rejections(request, withOrder({ ...limitOrder, c: bad })), bad).toEqual([
        `${ORDER_PATH}/c pattern`,
      ]);
      expect(rejections(request, withOrder(limitOrder, bad)), bad).toContain(
        "/action/modifies/0/oid pattern",
      );
    }
    expect(request(withOrder({ ...limitOrder, c: "0x1e60610f0b3d420597c88c1fed2ad5ee" }))).toBe(true);
  });

  test("unknown properties are refused in the body, the action, a modification and an order", () => {
    expect(rejections(request, { ...withOrder(limitOrder), isFrontend: true })).toEqual([
      " additionalProperties",
    ]);
    expect(request.errors?.[0]?.params).toEqual({ additionalProperty: "isFrontend" });
    const extraInAction = withOrder(limitOrder);
    (extraInAction.action as Json).grouping = "na";
    expect(rejections(request, extraInAction)).toEqual(["/action additionalProperties"]);
    expect(rejections(request, withOrder({ ...limitOrder, tif: "Gtc" }))).toEqual([
      `${ORDER_PATH} additionalProperties`,
    ]);
  });

  test("prices and sizes are canonical decimal strings, order fields have their types", () => {
    for (const p of ["100.0", "25.20", "1e-8", "0100", "-5", "1."]) {
      expect(rejections(request, withOrder({ ...limitOrder, p })), p).toEqual([`${ORDER_PATH}/p pattern`]);
    }
    expect(rejections(request, withOrder({ ...limitOrder, s: 0.1 }))).toEqual([`${ORDER_PATH}/s type`]);
    expect(rejections(request, withOrder({ ...limitOrder, a: 1.5 }))).toEqual([`${ORDER_PATH}/a type`]);
    expect(rejections(request, withOrder({ ...limitOrder, b: "true" }))).toEqual([`${ORDER_PATH}/b type`]);
    for (const field of ["a", "b", "p", "s", "r", "t"]) {
      const incomplete: Json = { ...limitOrder };
      delete incomplete[field];
      expect(rejections(order, incomplete), field).toEqual([" required"]);
    }
  });

  test("action type, nonce, signature and vault are checked", () => {
    const wrongType = withOrder(limitOrder);
    (wrongType.action as Json).type = "modify";
    expect(rejections(request, wrongType)).toEqual(["/action/type const"]);
    expect(
      rejections(request, { ...withOrder(limitOrder), action: { type: "batchModify", modifies: [] } }),
    ).toEqual(["/action/modifies minItems"]);
    expect(rejections(request, { ...withOrder(limitOrder), nonce: "1754922717871" })).toEqual([
      "/nonce type",
    ]);
    expect(
      rejections(request, { ...withOrder(limitOrder), signature: { ...signed.signature, v: 29 } }),
    ).toEqual(["/signature/v enum"]);
    expect(
      rejections(request, { ...withOrder(limitOrder), signature: { ...signed.signature, r: "0bf2" } }),
    ).toEqual(["/signature/r pattern"]);
    expect(rejections(request, { ...withOrder(limitOrder), vaultAddress: "0x1719" })).toContain(
      "/vaultAddress pattern",
    );
    expect(request({ ...withOrder(limitOrder), vaultAddress: null, expiresAfter: 1754922777871 })).toBe(true);
    expect(request({ ...withOrder(limitOrder), vaultAddress: null, expiresAfter: null })).toBe(true);
    expect(rejections(request, { ...withOrder(limitOrder), expiresAfter: "soon" })).toEqual([
      "/expiresAfter type",
    ]);
  });
});

describe("exchange spec: real payloads are accepted", () => {
  test("the recorded batchModify answers (resting with cloid; error then filled) are accepted", () => {
    const bodies = responses.batchModify_ok.flatMap((entry) => (entry.body ? [entry.body] : []));
    expect(bodies.length).toBe(2);
    for (const body of bodies) expect(response(body), JSON.stringify(response.errors)).toBe(true);
  });

  test("the bare string statuses and every per-leg error message are valid statuses", () => {
    const variants = responses.batchModify_ok.flatMap((entry) => entry.statuses_variants ?? []);
    const strings = variants.filter((v) => v.startsWith('"')).map((v) => JSON.parse(v) as string);
    expect(strings).toEqual(["waitingForFill", "waitingForTrigger"]);
    for (const status of strings) expect(modifyStatus(status)).toBe(true);
    for (const message of responses.per_leg_errors_seen) expect(modifyStatus({ error: message })).toBe(true);
    expect(modifyStatus({ resting: { oid: "77738310" } })).toBe(false);
    expect(modifyStatus(42)).toBe(false);
  });

  test("every whole-request refusal is a valid err answer, and not an ok one", () => {
    const errorSchema = validatorAt("exchange", "/components/schemas/ExchangeErrResponse");
    expect(responses.top_level_errors.length).toBe(6);
    for (const { body } of responses.top_level_errors) {
      expect(response(body), JSON.stringify(body)).toBe(true);
      expect(errorSchema(body)).toBe(true);
    }
    expect(response({ status: "err", response: { type: "batchModify" } })).toBe(false);
  });

  test("the 422 plain-text message fits its schema", () => {
    expect(
      validatorAt("exchange", "/components/schemas/MalformedRequestMessage")(responses.http_422_plain_text),
    ).toBe(true);
  });

  test("official SDK orders are valid orders, except the Rust test's non-canonical '2000.0' strings", () => {
    const orders = vectors.flatMap((v) => (v.action?.orders ?? []).map((o) => ({ name: v.name, order: o })));
    expect(orders.length).toBe(12);
    for (const { name, order: wire } of orders) {
      if (name.startsWith("rust_")) {
        expect(rejections(order, wire), name).toContain("/p pattern");
      } else {
        expect(order(wire), `${name}: ${JSON.stringify(order.errors)}`).toBe(true);
        expect(request(withOrder(wire)), name).toBe(true);
      }
    }
  });

  test("official signatures fit the Signature schema, padded or with Python's dropped leading zeros", () => {
    let checked = 0;
    for (const vector of vectors) {
      const mainnet = vector.expected.mainnet;
      if (!mainnet) continue;
      expect(signature({ r: mainnet.r, s: mainnet.s, v: mainnet.v }), vector.name).toBe(true);
      if (typeof mainnet.r_as_in_python_test === "string") {
        const python = { r: mainnet.r_as_in_python_test, s: mainnet.s_as_in_python_test, v: mainnet.v };
        expect(signature(python), vector.name).toBe(true);
      }
      checked++;
    }
    expect(checked).toBe(17);
  });
});

describe("exchange spec: every recorded answer of the service validates", () => {
  const RECORDED: Record<string, string> = {
    "info_meta.json": "/info#meta",
    "info_spotMeta.json": "/info#spotMeta",
    "info_allMids.json": "/info#allMids",
    "info_l2Book.json": "/info#l2Book",
    "info_openOrders.json": "/info#openOrders",
    "info_frontendOpenOrders.json": "/info#frontendOpenOrders",
    "info_orderStatus.json": "/info#orderStatus",
    "info_userFills.json": "/info#userFills",
    "info_clearinghouseState.json": "/info#clearinghouseState",
    "exchange_order.json": "/exchange#order",
    "exchange_cancel.json": "/exchange#cancel",
    "exchange_cancelByCloid.json": "/exchange#cancelByCloid",
    "exchange_scheduleCancel.json": "/exchange#scheduleCancel",
    "exchange_updateLeverage.json": "/exchange#updateLeverage",
    "exchange_approveAgent.json": "/exchange#approveAgent",
  };
  interface Recorded {
    examples: { request: Json | null; response: unknown; note?: string }[];
  }
  const responseOf = (path: string) =>
    validatorAt(
      "exchange",
      `/paths/${path.replace("/", "~1")}/post/responses/200/content/application~1json/schema`,
    );

  test.each(Object.entries(RECORDED))("%s: every answer fits %s", (file, path) => {
    const { examples } = fixture<Recorded>(`exchange/recorded/${file}`);
    expect(examples.length).toBeGreaterThan(0);
    for (const [index, example] of examples.entries()) {
      // A cancel's file also holds the answer to the order it canceled.
      const type = (example.request?.action as Json | undefined)?.type;
      const validate = responseOf(typeof type === "string" ? `/exchange#${type}` : path);
      expect(validate(example.response), `${file} #${index}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });

  const RECORDED_HISTORY = [
    "metaAndAssetCtxs",
    "spotMetaAndAssetCtxs",
    "spotClearinghouseState",
    "candleSnapshot",
    "fundingHistory",
    "userFunding",
    "userFillsByTime",
    "historicalOrders",
    "userRateLimit",
    "subAccounts",
    "portfolio",
    "userNonFundingLedgerUpdates",
  ];
  test.each(RECORDED_HISTORY)("recorded %s queries and answers fit the spec", (type) => {
    const { examples } = fixture<Recorded>(`exchange/recorded/info_${type}.json`);
    expect(examples.length).toBeGreaterThan(0);
    const request = validatorAt("exchange", bodyPointer(`/info#${type}`));
    const answer = responseOf(`/info#${type}`);
    for (const [index, example] of examples.entries()) {
      // The documentation's example names no real user: its request is left out.
      if (example.request) {
        // The Python SDK sends a missing endTime as null, which the schema allows.
        expect(request(example.request), `#${index}: ${JSON.stringify(request.errors)}`).toBe(true);
      }
      expect(answer(example.response), `#${index}: ${JSON.stringify(answer.errors)}`).toBe(true);
    }
  });

  test("the recorded queries fit their request schemas", () => {
    let checked = 0;
    for (const [file, path] of Object.entries(RECORDED)) {
      if (!path.startsWith("/info#")) continue;
      const validate = validatorAt("exchange", bodyPointer(path));
      for (const { request } of fixture<Recorded>(`exchange/recorded/${file}`).examples) {
        // userFillsByTime shares the fills file; it is another query.
        if (request?.type !== path.slice("/info#".length)) continue;
        expect(validate(request), `${file}: ${JSON.stringify(validate.errors)}`).toBe(true);
        checked++;
      }
    }
    expect(checked).toBe(16);
  });

  test("the recorded actions fit their schemas, except the cloid the service refused", () => {
    const actionOf = (path: string) => {
      const type = path.slice("/exchange#".length);
      return validatorAt("exchange", `/components/schemas/${type[0]?.toUpperCase()}${type.slice(1)}Action`);
    };
    const orders = fixture<Recorded>("exchange/recorded/exchange_order.json").examples;
    const actions = orders.flatMap((example) => (example.request ? [example.request.action as Json] : []));
    expect(actions).toHaveLength(5);
    const validate = actionOf("/exchange#order");
    const verdicts = actions.map((action) => validate(action));
    // The fifth was sent with a cloid lacking its 0x prefix, and refused as a whole.
    expect(verdicts).toEqual([true, true, true, true, false]);
    expect(rejections(validate, actions[4])).toContain("/orders/0/c pattern");
    for (const [file, path] of [
      ["exchange_cancel.json", "/exchange#cancel"],
      ["exchange_cancelByCloid.json", "/exchange#cancelByCloid"],
    ] as const) {
      for (const { request } of fixture<Recorded>(`exchange/recorded/${file}`).examples) {
        const action = (request?.action ?? {}) as Json;
        const schema = action.type === "order" ? actionOf("/exchange#order") : actionOf(path);
        expect(schema(action), `${file}: ${JSON.stringify(schema.errors)}`).toBe(true);
      }
    }
  });
});
