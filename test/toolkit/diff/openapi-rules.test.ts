import { describe, expect, it } from "vitest";
import type { Json, JsonObject } from "../../../scripts/generate/json.js";
import { diffSpecDocuments, type SpecChange } from "../../../src/toolkit/diff/index.js";

/** A one-operation spec: `GET /things/{id}` with the given operation fields. */
function api(operation: JsonObject, extra: JsonObject = {}): Json {
  return {
    openapi: "3.1.0",
    info: { title: "t", version: "1.0.0" },
    paths: {
      "/things/{id}": {
        post: {
          operationId: "postThing",
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
          responses: { "200": { description: "ok" } },
          ...operation,
        },
      },
    },
    ...extra,
  };
}

/** An operation whose JSON request body has this schema. */
const body = (schema: Json, extra: JsonObject = {}) =>
  api({ requestBody: { required: true, content: { "application/json": { schema } } } }, extra);
/** An operation whose 200 answer has this schema. */
const answer = (schema: Json) =>
  api({ responses: { "200": { description: "ok", content: { "application/json": { schema } } } } });
/** An operation with one query parameter. */
const query = (param: JsonObject) =>
  api({
    parameters: [
      { name: "id", in: "path", required: true, schema: { type: "string" } },
      { name: "limit", in: "query", schema: { type: "integer" }, ...param },
    ],
  });
const object = (properties: JsonObject, required: string[] = [], extra: JsonObject = {}) => ({
  type: "object",
  properties,
  required,
  ...extra,
});

type Case = [name: string, old: Json, now: Json, rule: string, severity: SpecChange["severity"]];

const cases: Case[] = [
  // paths: existence and lifecycle
  ["operation removed", api({}), { ...(api({}) as JsonObject), paths: {} }, "operation-removed", "breaking"],
  ["operation added", { ...(api({}) as JsonObject), paths: {} }, api({}), "operation-added", "non-breaking"],
  ["operationId changed", api({}), api({ operationId: "createThing" }), "operation-id-changed", "breaking"],
  ["operation deprecated", api({}), api({ deprecated: true }), "operation-deprecated", "info"],
  ["operation reactivated", api({ deprecated: true }), api({}), "operation-reactivated", "info"],
  // tags
  ["tag added", api({}), api({ tags: ["things"] }), "tag-added", "info"],
  // parameters
  [
    "required query parameter added",
    api({}),
    query({ required: true }),
    "request-parameter-added-required",
    "breaking",
  ],
  ["optional query parameter added", api({}), query({}), "request-parameter-added", "non-breaking"],
  ["query parameter removed", query({}), api({}), "request-parameter-removed", "breaking"],
  [
    "parameter became required",
    query({}),
    query({ required: true }),
    "request-parameter-became-required",
    "breaking",
  ],
  [
    "parameter became optional",
    query({ required: true }),
    query({}),
    "request-parameter-became-optional",
    "non-breaking",
  ],
  ["parameter moved to a header", query({}), query({ in: "header" }), "request-parameter-moved", "breaking"],
  ["parameter deprecated", query({}), query({ deprecated: true }), "request-parameter-deprecated", "info"],
  [
    "parameter type narrowed",
    query({ schema: { type: "number" } }),
    query({ schema: { type: "integer" } }),
    "request-parameter-type-narrowed",
    "breaking",
  ],
  [
    "parameter type widened",
    query({}),
    query({ schema: { type: ["integer", "string"] } }),
    "request-parameter-type-widened",
    "non-breaking",
  ],
  [
    "parameter enum value removed",
    query({ schema: { enum: [1, 2] } }),
    query({ schema: { enum: [1] } }),
    "request-parameter-enum-value-removed",
    "breaking",
  ],
  [
    "parameter enum value added",
    query({ schema: { enum: [1] } }),
    query({ schema: { enum: [1, 2] } }),
    "request-parameter-enum-value-added",
    "non-breaking",
  ],
  [
    "parameter maximum decreased",
    query({ schema: { type: "integer", maximum: 100 } }),
    query({ schema: { type: "integer", maximum: 50 } }),
    "request-parameter-maximum-decreased",
    "breaking",
  ],
  [
    "parameter maximum increased",
    query({ schema: { type: "integer", maximum: 100 } }),
    query({ schema: { type: "integer", maximum: 500 } }),
    "request-parameter-maximum-increased",
    "non-breaking",
  ],
  [
    "parameter default changed",
    query({ schema: { type: "integer", default: 10 } }),
    query({ schema: { type: "integer", default: 20 } }),
    "request-parameter-default-changed",
    "breaking",
  ],
  // request body
  [
    "required request body added",
    api({}),
    body({ type: "object" }),
    "request-body-added-required",
    "breaking",
  ],
  [
    "optional request body added",
    api({}),
    api({ requestBody: { content: { "application/json": { schema: {} } } } }),
    "request-body-added",
    "non-breaking",
  ],
  [
    "request body became required",
    api({ requestBody: { content: { "application/json": { schema: {} } } } }),
    body({}),
    "request-body-became-required",
    "breaking",
  ],
  [
    "request body became optional",
    body({}),
    api({ requestBody: { content: { "application/json": { schema: {} } } } }),
    "request-body-became-optional",
    "non-breaking",
  ],
  [
    "request media type removed",
    body({}),
    api({ requestBody: { required: true, content: { "text/plain": { schema: {} } } } }),
    "request-media-type-removed",
    "breaking",
  ],
  [
    "request media type added",
    body({}),
    api({
      requestBody: {
        required: true,
        content: { "application/json": { schema: {} }, "text/plain": { schema: {} } },
      },
    }),
    "request-media-type-added",
    "non-breaking",
  ],
  [
    "request body type narrowed",
    body({ type: ["object", "array"] }),
    body({ type: "object" }),
    "request-body-type-narrowed",
    "breaking",
  ],
  [
    "request body format added",
    body({ type: "string" }),
    body({ type: "string", format: "uuid" }),
    "request-body-format-added",
    "breaking",
  ],
  [
    "request body format removed",
    body({ type: "string", format: "uuid" }),
    body({ type: "string" }),
    "request-body-format-removed",
    "non-breaking",
  ],
  // request properties
  [
    "required request property added",
    body(object({ a: { type: "string" } })),
    body(object({ a: { type: "string" }, b: { type: "string" } }, ["b"])),
    "request-property-added-required",
    "breaking",
  ],
  [
    "optional request property added",
    body(object({ a: { type: "string" } })),
    body(object({ a: { type: "string" }, b: { type: "string" } })),
    "request-property-added",
    "non-breaking",
  ],
  [
    "request property became required",
    body(object({ a: { type: "string" } })),
    body(object({ a: { type: "string" } }, ["a"])),
    "request-property-became-required",
    "breaking",
  ],
  [
    "request property became optional",
    body(object({ a: { type: "string" } }, ["a"])),
    body(object({ a: { type: "string" } })),
    "request-property-became-optional",
    "non-breaking",
  ],
  [
    "request property removed from a closed object",
    body(object({ a: {}, b: {} })),
    body(object({ a: {} }, [], { additionalProperties: false })),
    "request-property-removed",
    "breaking",
  ],
  [
    "request property removed from an open object",
    body(object({ a: {}, b: {} })),
    body(object({ a: {} })),
    "request-property-removed",
    "info",
  ],
  [
    "request property maxLength decreased",
    body(object({ a: { type: "string", maxLength: 10 } })),
    body(object({ a: { type: "string", maxLength: 5 } })),
    "request-property-max-length-decreased",
    "breaking",
  ],
  [
    "request property maxLength increased",
    body(object({ a: { type: "string", maxLength: 10 } })),
    body(object({ a: { type: "string", maxLength: 20 } })),
    "request-property-max-length-increased",
    "non-breaking",
  ],
  [
    "request property minimum increased",
    body(object({ a: { type: "integer", minimum: 0 } })),
    body(object({ a: { type: "integer", minimum: 1 } })),
    "request-property-minimum-increased",
    "breaking",
  ],
  [
    "request property minimum decreased",
    body(object({ a: { type: "integer", minimum: 1 } })),
    body(object({ a: { type: "integer", minimum: 0 } })),
    "request-property-minimum-decreased",
    "non-breaking",
  ],
  [
    "request property pattern added",
    body(object({ a: { type: "string" } })),
    body(object({ a: { type: "string", pattern: "^0x" } })),
    "request-property-pattern-added",
    "breaking",
  ],
  [
    "request property pattern removed",
    body(object({ a: { type: "string", pattern: "^0x" } })),
    body(object({ a: { type: "string" } })),
    "request-property-pattern-removed",
    "non-breaking",
  ],
  [
    "request property became enum",
    body(object({ a: { type: "string" } })),
    body(object({ a: { type: "string", enum: ["x"] } })),
    "request-property-became-enum",
    "breaking",
  ],
  [
    "request property enum dropped",
    body(object({ a: { type: "string", enum: ["x"] } })),
    body(object({ a: { type: "string" } })),
    "request-property-enum-removed",
    "non-breaking",
  ],
  [
    "request property oneOf branch removed",
    body(object({ a: { oneOf: [{ type: "string" }, { type: "integer" }] } })),
    body(object({ a: { oneOf: [{ type: "string" }] } })),
    "request-property-oneof-branch-removed",
    "breaking",
  ],
  [
    "request property oneOf branch added",
    body(object({ a: { oneOf: [{ type: "string" }] } })),
    body(object({ a: { oneOf: [{ type: "string" }, { type: "integer" }] } })),
    "request-property-oneof-branch-added",
    "non-breaking",
  ],
  [
    "request object closed",
    body(object({ a: {} })),
    body(object({ a: {} }, [], { additionalProperties: false })),
    "request-body-additional-properties-refused",
    "breaking",
  ],
  [
    "request object opened",
    body(object({ a: {} }, [], { additionalProperties: false })),
    body(object({ a: {} })),
    "request-body-additional-properties-allowed",
    "non-breaking",
  ],
  [
    "request property deprecated",
    body(object({ a: {} })),
    body(object({ a: { deprecated: true } })),
    "request-property-deprecated",
    "info",
  ],
  [
    "request property became read-only",
    body(object({ a: {} })),
    body(object({ a: { readOnly: true } })),
    "request-property-became-read-only",
    "info",
  ],
  [
    "request array item type narrowed",
    body({ type: "array", items: { type: ["string", "integer"] } }),
    body({ type: "array", items: { type: "string" } }),
    "request-property-type-narrowed",
    "breaking",
  ],
  // responses
  [
    "success status removed",
    api({}),
    api({ responses: { "201": { description: "made" } } }),
    "response-success-status-removed",
    "breaking",
  ],
  [
    "success status added",
    api({}),
    api({ responses: { "200": { description: "ok" }, "202": { description: "later" } } }),
    "response-success-status-added",
    "non-breaking",
  ],
  [
    "error status removed",
    api({ responses: { "200": { description: "ok" }, "404": { description: "no" } } }),
    api({}),
    "response-error-status-removed",
    "info",
  ],
  [
    "response body type widened",
    answer({ type: "object" }),
    answer({ type: ["object", "array"] }),
    "response-body-type-widened",
    "breaking",
  ],
  [
    "response media type removed",
    answer({}),
    api({ responses: { "200": { description: "ok", content: { "text/plain": { schema: {} } } } } }),
    "response-media-type-removed",
    "breaking",
  ],
  [
    "response media type added",
    answer({}),
    api({
      responses: {
        "200": {
          description: "ok",
          content: { "application/json": { schema: {} }, "text/csv": { schema: {} } },
        },
      },
    }),
    "response-media-type-added",
    "non-breaking",
  ],
  [
    "response property removed",
    answer(object({ a: {}, b: {} })),
    answer(object({ a: {} })),
    "response-property-removed",
    "breaking",
  ],
  [
    "response property added",
    answer(object({ a: {} })),
    answer(object({ a: {}, b: {} })),
    "response-property-added",
    "non-breaking",
  ],
  [
    "response property became optional",
    answer(object({ a: {} }, ["a"])),
    answer(object({ a: {} })),
    "response-property-became-optional",
    "breaking",
  ],
  [
    "response property became required",
    answer(object({ a: {} })),
    answer(object({ a: {} }, ["a"])),
    "response-property-became-required",
    "info",
  ],
  [
    "response property became nullable",
    answer(object({ a: { type: "string" } })),
    answer(object({ a: { type: ["string", "null"] } })),
    "response-property-became-nullable",
    "breaking",
  ],
  [
    "response property type widened",
    answer(object({ a: { type: "integer" } })),
    answer(object({ a: { type: "number" } })),
    "response-property-type-widened",
    "breaking",
  ],
  [
    "response property type narrowed",
    answer(object({ a: { type: "number" } })),
    answer(object({ a: { type: "integer" } })),
    "response-property-type-narrowed",
    "info",
  ],
  [
    "response property enum value added",
    answer(object({ a: { enum: ["x"] } })),
    answer(object({ a: { enum: ["x", "y"] } })),
    "response-property-enum-value-added",
    "breaking",
  ],
  [
    "response property enum value removed",
    answer(object({ a: { enum: ["x", "y"] } })),
    answer(object({ a: { enum: ["x"] } })),
    "response-property-enum-value-removed",
    "non-breaking",
  ],
  [
    "response property maxLength increased",
    answer(object({ a: { type: "string", maxLength: 5 } })),
    answer(object({ a: { type: "string", maxLength: 9 } })),
    "response-property-max-length-increased",
    "breaking",
  ],
  [
    "response property maxLength decreased",
    answer(object({ a: { type: "string", maxLength: 9 } })),
    answer(object({ a: { type: "string", maxLength: 5 } })),
    "response-property-max-length-decreased",
    "info",
  ],
  [
    "response property format changed",
    answer(object({ a: { type: "string", format: "int64" } })),
    answer(object({ a: { type: "string", format: "uuid" } })),
    "response-property-format-changed",
    "breaking",
  ],
  [
    "response property anyOf branch added",
    answer(object({ a: { anyOf: [{ type: "string" }] } })),
    answer(object({ a: { anyOf: [{ type: "string" }, { type: "null" }] } })),
    "response-property-anyof-branch-added",
    "breaking",
  ],
  [
    "response property anyOf branch removed",
    answer(object({ a: { anyOf: [{ type: "string" }, { type: "null" }] } })),
    answer(object({ a: { anyOf: [{ type: "string" }] } })),
    "response-property-anyof-branch-removed",
    "non-breaking",
  ],
  [
    "response property became write-only",
    answer(object({ a: {} })),
    answer(object({ a: { writeOnly: true } })),
    "response-property-became-write-only",
    "breaking",
  ],
  [
    "response property deprecated",
    answer(object({ a: {} })),
    answer(object({ a: { deprecated: true } })),
    "response-property-deprecated",
    "info",
  ],
  // response headers
  [
    "response header removed",
    api({
      responses: { "200": { description: "ok", headers: { "X-Rate": { schema: { type: "integer" } } } } },
    }),
    api({}),
    "response-header-removed",
    "breaking",
  ],
  [
    "response header added",
    api({}),
    api({
      responses: { "200": { description: "ok", headers: { "X-Rate": { schema: { type: "integer" } } } } },
    }),
    "response-header-added",
    "non-breaking",
  ],
  [
    "response header became optional",
    api({
      responses: { "200": { description: "ok", headers: { "X-Rate": { required: true, schema: {} } } } },
    }),
    api({ responses: { "200": { description: "ok", headers: { "X-Rate": { schema: {} } } } } }),
    "response-header-became-optional",
    "breaking",
  ],
  [
    "response header type widened",
    api({
      responses: { "200": { description: "ok", headers: { "X-Rate": { schema: { type: "integer" } } } } },
    }),
    api({
      responses: { "200": { description: "ok", headers: { "X-Rate": { schema: { type: "string" } } } } },
    }),
    "response-header-type-widened",
    "breaking",
  ],
  // security
  [
    "security requirement removed",
    api({ security: [{ key: [] }, { basic: [] }] }),
    api({ security: [{ key: [] }] }),
    "security-requirement-removed",
    "breaking",
  ],
  [
    "security requirement added",
    api({ security: [{ key: [] }] }),
    api({ security: [{ key: [] }, { basic: [] }] }),
    "security-requirement-added",
    "non-breaking",
  ],
  [
    "security scope added",
    api({ security: [{ oauth: ["read"] }] }),
    api({ security: [{ oauth: ["read", "write"] }] }),
    "security-scopes-added",
    "breaking",
  ],
  [
    "security scheme moved to the query",
    api({}, { components: { securitySchemes: { key: { type: "apiKey", in: "header", name: "X-Key" } } } }),
    api({}, { components: { securitySchemes: { key: { type: "apiKey", in: "query", name: "key" } } } }),
    "security-scheme-changed",
    "breaking",
  ],
  // components: webhooks
  [
    "webhook removed",
    api({}, { webhooks: { paid: { post: { responses: { "200": { description: "ok" } } } } } }),
    api({}),
    "webhook-removed",
    "breaking",
  ],
  [
    "webhook added",
    api({}),
    api({}, { webhooks: { paid: { post: { responses: { "200": { description: "ok" } } } } } }),
    "webhook-added",
    "non-breaking",
  ],
  // info
  [
    "version not bumped for a breaking change",
    api({}),
    { ...(api({}) as JsonObject), info: { title: "t", version: "1.1.0" }, paths: {} },
    "api-version-not-bumped",
    "info",
  ],
];

/** oasdiff's 29 area × kind categories (checker/rules.go at 4553c69), in chainkit's words. */
const OASDIFF_CATEGORIES = [
  "components/existence",
  "headers/existence",
  "headers/requiredness",
  "headers/type",
  "info/lifecycle",
  "parameters/constraints",
  "parameters/existence",
  "parameters/lifecycle",
  "parameters/requiredness",
  "parameters/type",
  "parameters/values",
  "paths/existence",
  "paths/lifecycle",
  "request-body/existence",
  "request-body/requiredness",
  "request-body/type",
  "responses/existence",
  "responses/type",
  "schema/constraints",
  "schema/existence",
  "schema/lifecycle",
  "schema/mutability",
  "schema/requiredness",
  "schema/structure",
  "schema/type",
  "schema/values",
  "security/existence",
  "security/type",
  "tags/existence",
];

describe("chainkit diff: OpenAPI rules, one minimal pair each", () => {
  it.each(cases)("%s", (_name, old, now, rule, severity) => {
    const { changes } = diffSpecDocuments("openapi", old, now);
    const found = changes.find((change) => change.rule === rule);
    expect(found, JSON.stringify(changes.map((change) => change.rule))).toBeDefined();
    expect(found?.severity).toBe(severity);
    expect(found?.message.length).toBeGreaterThan(10);
    expect(found?.client.length).toBeGreaterThan(3);
    expect(found?.oldPointer ?? found?.newPointer).toMatch(/^\//);
  });

  it("covers all 29 of oasdiff's area × kind categories", () => {
    const categories = new Set<string>();
    for (const [, old, now] of cases) {
      for (const change of diffSpecDocuments("openapi", old, now).changes)
        categories.add(`${change.area}/${change.kind}`);
    }
    const missing = OASDIFF_CATEGORIES.filter((category) => !categories.has(category));
    expect(missing).toEqual([]);
  });

  it("matches operations whose path parameters were renamed, and says so", () => {
    const renamed = JSON.parse(
      JSON.stringify(api({})).replaceAll("{id}", "{thingId}").replace('"name":"id"', '"name":"thingId"'),
    );
    const { changes } = diffSpecDocuments("openapi", api({}), renamed);
    expect(changes.map((change) => [change.rule, change.severity])).toEqual([
      ["request-path-parameter-renamed", "info"],
    ]);
  });

  it("ends on recursive schemas, and finds a change below the recursion", () => {
    const tree = (leaf: JsonObject) => {
      const doc = answer({ $ref: "#/components/schemas/Node" }) as JsonObject;
      doc.components = {
        schemas: {
          Node: object({ children: { type: "array", items: { $ref: "#/components/schemas/Node" } }, leaf }),
        },
      };
      return doc;
    };
    const changes = diffSpecDocuments(
      "openapi",
      tree({ type: "string" }),
      tree({ type: ["string", "null"] }),
    ).changes.filter((change) => change.area !== "info");
    expect(changes.map((change) => [change.rule, change.newPointer])).toEqual([
      ["response-property-became-nullable", "/components/schemas/Node/properties/leaf/type"],
    ]);
  });

  it("points at the property in both versions, through $refs", () => {
    const old = answer({ $ref: "#/components/schemas/Thing" }) as JsonObject;
    old.components = { schemas: { Thing: object({ a: { type: "string" } }, ["a"]) } };
    const now = answer({ $ref: "#/components/schemas/Item" }) as JsonObject;
    now.components = { schemas: { Item: object({ a: { type: "string" } }) } };
    const [change] = diffSpecDocuments("openapi", old, now).changes;
    expect(change).toMatchObject({
      rule: "response-property-became-optional",
      operation: "POST /things/{id}",
      oldPointer: "/components/schemas/Thing/required",
      newPointer: "/components/schemas/Item/required",
    });
    expect(change?.message).toBe(
      "the 200 response body's property a became optional: it may no longer arrive, and a consumer reading it may get undefined",
    );
  });
});
