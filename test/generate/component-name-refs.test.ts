/**
 * A component schema named with a line separator (`"A\u2028B"`) stopped generation with "ajv compiled
 * no validator for this schema": the validators referred to it by its raw name, and ajv's URI parser
 * ends a fragment at a line separator. Such a name is now referred to percent-encoded, as ajv
 * registers it, and the client checks answers against that schema.
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateClient } from "../../scripts/generate/generate-client.js";
import { compileStrict, scratchProject, useInChild } from "./generated-clients.js";

const NAME = "A\u2028B";
const SPEC = {
  openapi: "3.1.0",
  info: { title: "Names", version: "1" },
  paths: {
    "/a": {
      get: {
        operationId: "getA",
        responses: {
          "200": {
            description: "ok",
            content: { "application/json": { schema: { $ref: `#/components/schemas/${NAME}` } } },
          },
        },
      },
    },
  },
  components: {
    schemas: { [NAME]: { type: "object", required: ["p"], properties: { p: { type: "string" } } } },
  },
};

let project: Awaited<ReturnType<typeof scratchProject>>;
beforeAll(async () => {
  project = await scratchProject();
});
afterAll(() => project.remove());

describe("a component named with a line separator", () => {
  it("generates a client that compiles and checks answers against it", async () => {
    const spec = join(project.root, "names.json");
    await writeFile(spec, JSON.stringify(SPEC));
    const out = join(project.root, "out");
    const { factory } = await generateClient({ spec, out });
    expect(await compileStrict(project.root, [out])).toBe("");
    const index = join(out, "index.ts");
    const plan = { index, factory, kind: "openapi" as const, call: "getA", args: [] };
    const { results } = await useInChild(project.root, [
      { ...plan, answer: { p: "x" } },
      { ...plan, answer: { p: 5 } },
    ]);
    expect(results[0]?.value).toEqual({ p: "x" });
    expect(results[1]?.error).toMatch(/\/p\b/);
  }, 120_000);
});
