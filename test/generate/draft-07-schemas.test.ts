/**
 * A schema that declares JSON Schema draft-06 or draft-07 is validated by that draft's rules: the
 * rewritten 2020-12 schema, compiled by the generator's Ajv2020, accepts exactly what ajv's own
 * draft-07 engine accepts, on values chosen where the drafts differ.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Ajv } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { generateClient } from "../../scripts/generate/generate-client.js";
import type { Json } from "../../scripts/generate/json.js";
import { upgradeDraft07Schemas } from "../../scripts/generate/upgrade-draft-07.js";

const DRAFT_07 = "http://json-schema.org/draft-07/schema#";

const schema = {
  $schema: DRAFT_07,
  type: "object",
  definitions: { small: { type: "integer", maximum: 9 } },
  properties: {
    // A tuple: two items, then only strings.
    pair: {
      type: "array",
      items: [{ type: "integer" }, { type: "boolean" }],
      additionalItems: { type: "string" },
    },
    // One items schema: additionalItems is ignored.
    list: { type: "array", items: { type: "integer" }, additionalItems: false },
    size: { $ref: "#/definitions/small" },
    card: { type: "string" },
    cvv: { type: "string" },
    mode: { type: "string" },
  },
  dependencies: {
    card: ["cvv"],
    mode: { properties: { level: { type: "integer" } }, required: ["level"] },
  },
};

const values: unknown[] = [
  { pair: [1, true, "a", "b"] },
  { pair: [1, true, 3] },
  { pair: [true] },
  { list: [1, 2, 3] },
  { list: ["x"] },
  { size: 2 },
  { size: 10 },
  { size: 12 },
  { card: "4111" },
  { card: "4111", cvv: "123" },
  { mode: "x" },
  { mode: "x", level: 2 },
  { mode: "x", level: "high" },
  {},
];

describe("draft-06/07 schemas", () => {
  it("accept and refuse exactly what a draft-07 validator does", () => {
    const draft07 = new Ajv({ strict: false }).compile(schema);
    const notes: string[] = [];
    const upgraded = upgradeDraft07Schemas(
      { components: { schemas: { Order: schema } } } as Json,
      (pointer) => notes.push(pointer),
    ) as { components: { schemas: { Order: object } } };
    expect(notes).toEqual(["/components/schemas/Order"]);
    const rewritten = upgraded.components.schemas.Order;
    expect(rewritten).not.toHaveProperty("$schema");
    const as2020 = new Ajv2020({ strict: false }).compile(rewritten);
    const verdicts = values.map((value) => [value, draft07(value), as2020(value)]);
    for (const [value, expected, got] of verdicts) expect(got, JSON.stringify(value)).toBe(expected);
    // The values do cover both outcomes, where the drafts read differently.
    expect(verdicts.filter(([, expected]) => expected).length).toBeGreaterThan(3);
    expect(verdicts.filter(([, expected]) => !expected).length).toBeGreaterThan(3);
  });

  it("read a $ref's siblings as draft-07 says: ignored (ajv's draft-07 class applies them)", () => {
    const upgraded = upgradeDraft07Schemas(
      { $schema: DRAFT_07, $ref: "#/definitions/small", minimum: 5, description: "d" },
      () => {},
    );
    expect(upgraded).toEqual({ $ref: "#/definitions/small", description: "d" });
  });

  it("generate instead of being refused, with a note", async () => {
    const folder = await mkdtemp(join(tmpdir(), "chainkit-draft-07-"));
    try {
      const spec = join(folder, "orders.json");
      await writeFile(
        spec,
        JSON.stringify({
          openapi: "3.1.0",
          info: { title: "Orders", version: "1" },
          paths: {
            "/orders": {
              post: {
                operationId: "createOrder",
                requestBody: {
                  required: true,
                  content: { "application/json": { schema: { $ref: "#/components/schemas/Order" } } },
                },
                responses: { "204": { description: "ok" } },
              },
            },
          },
          components: {
            schemas: {
              Order: {
                ...schema,
                definitions: undefined,
                properties: {
                  ...schema.properties,
                  size: { $ref: "#/components/schemas/Small", minimum: 5 },
                },
              },
              Small: { type: "integer", maximum: 9 },
            },
          },
        }),
      );
      const notes: string[] = [];
      await generateClient({ spec, out: join(folder, "out"), note: (line) => notes.push(line) });
      expect(notes).toContainEqual(
        expect.stringMatching(
          /#\/components\/schemas\/Order: declares http:\/\/json-schema\.org\/draft-07\/schema#: validated by that draft's rules/,
        ),
      );
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 120_000);
});
