/**
 * Fields named like `Object.prototype` members (`constructor`, `toString`, `valueOf`…) are ordinary
 * fields: a value that leaves them out still has them by inheritance, and the generated validators
 * must not take the inherited member for the field (docs/generator-safety.md).
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateClient } from "../../scripts/generate/generate-client.js";
import type { Validator } from "../../src/runtime/operation.js";
import { repoRoot } from "./support.js";

const SPEC = {
  openapi: "3.1.0",
  info: { title: "Inherited", version: "1" },
  paths: {
    "/things": {
      post: {
        operationId: "postThing",
        parameters: [{ name: "constructor", in: "query", schema: { type: "string" } }],
        requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/Thing" } } } },
        responses: {
          "200": {
            description: "ok",
            content: { "application/json": { schema: { $ref: "#/components/schemas/Thing" } } },
          },
        },
      },
    },
    "/named": {
      get: {
        operationId: "getNamed",
        responses: {
          "200": {
            description: "ok",
            content: { "application/json": { schema: { $ref: "#/components/schemas/Named" } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Thing: {
        type: "object",
        required: ["name"],
        properties: {
          name: { type: "string" },
          toString: { type: "string" },
          constructor: { type: "integer", format: "int64" },
        },
      },
      Named: { type: "object", required: ["constructor"], properties: { constructor: { type: "string" } } },
    },
  },
};

let folder: string;
let part: { body: Validator; query: Validator; responses: Record<string, { validate: Validator }> };
let named: { responses: Record<string, { validate: Validator }> };

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "chainkit-inherited-"));
  await writeFile(join(folder, "inherited.json"), JSON.stringify(SPEC));
  const out = join(folder, "out");
  await generateClient({
    spec: join(folder, "inherited.json"),
    out,
    runtime: join(repoRoot, "src/runtime.js"),
  });
  const module = await import(pathToFileURL(join(out, "validators/operations.js")).href);
  part = module.postThing;
  named = module.getNamed;
}, 120_000);

afterAll(() => rm(folder, { recursive: true, force: true }));

describe("fields named like Object.prototype members", () => {
  it("an answer or a body without them is valid", () => {
    expect(part.responses["200"]?.validate({ name: "n" })).toBe(true);
    expect(part.body({ name: "n" })).toBe(true);
    expect(part.query({})).toBe(true);
  });

  it("the field itself is still checked", () => {
    expect(part.responses["200"]?.validate({ name: "n", toString: 5 })).toBe(false);
    expect(part.body({ name: "n", constructor: "not a number" })).toBe(false);
  });

  it("a required one is missing when the value has it only by inheritance", () => {
    expect(named.responses["200"]?.validate({})).toBe(false);
    expect(named.responses["200"]?.validate({ constructor: "c" })).toBe(true);
  });
});
