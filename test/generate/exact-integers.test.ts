/**
 * Integers past 2^53 − 1 in a spec were read as JavaScript numbers, so rounded: an int64 field's
 * `enum: [1234567890123456789]` was checked as 1234567890123456800 (the exact value the service
 * sends was refused) and documented so. They are now read exactly, from YAML and JSON alike, from
 * the root and from a file a `$ref` reads: a wide integer field's values as decimal strings (the
 * form the runtime gives such a field before it becomes a bigint), example data a number would
 * write back otherwise as its string (with a note); an `enum` or `const` that no field could equal
 * is refused with its place and the fix.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateClient } from "../../scripts/generate/generate-client.js";
import { parseSpecFile } from "../../scripts/generate/load-spec.js";
import { SpecError } from "../../scripts/generate/spec-error.js";
import { runCli } from "../cli/support/cli-process.js";
import { compileStrict, scratchProject, useInChild } from "./generated-clients.js";

const BIG = "1234567890123456789";

/** The same schema written as YAML and as JSON, with every integer in the text as it is. */
const YAML_SCHEMA = `openapi: 3.1.0
info: { title: Big, version: "1" }
components:
  schemas:
    T:
      type: object
      properties:
        id: { type: integer, format: int64, enum: [1, ${BIG}], example: ${BIG} }
        max: { type: string, format: uint64, const: 0xFFFFFFFFFFFFFFFF }
        count: { type: integer, maximum: 9223372036854775807, example: 500000000000000000 }
`;
const JSON_SCHEMA = `{"openapi":"3.1.0","info":{"title":"Big","version":"1"},"components":{"schemas":{"T":{"type":"object","properties":{
"id":{"type":"integer","format":"int64","enum":[1,${BIG}],"example":${BIG}},
"max":{"type":"string","format":"uint64","const":18446744073709551615},
"count":{"type":"integer","maximum":9223372036854775807,"example":500000000000000000}}}}}}`;

/** A spec's `T` properties, read as the generator reads the file, and the notes it gave. */
function readT(name: string, text: string) {
  const notes: string[] = [];
  const doc = parseSpecFile(name, text, undefined, (line) => notes.push(line)) as {
    components: { schemas: { T: { properties: Record<string, Record<string, unknown>> } } };
  };
  return { properties: doc.components.schemas.T.properties, notes };
}

describe("integers past 2^53 − 1, as a spec is read", () => {
  it.each([
    ["YAML", "api.yaml", YAML_SCHEMA],
    ["JSON", "api.json", JSON_SCHEMA],
    // A tag js-yaml does not know sends the text to the yaml package, which reads integers itself.
    ["YAML read by the fallback reader", "api.yaml", YAML_SCHEMA.replace("title: Big", "title: !custom Big")],
  ])("%s: a wide integer field's values are exact decimal strings", (_how, name, text) => {
    const { properties } = readT(name, text);
    expect(properties.id?.enum).toEqual([1, BIG]);
    expect(properties.max?.const).toBe("18446744073709551615");
  });

  it("example data a number would write back otherwise is its string, with a note; a bound is the nearest number, with a note", () => {
    const { properties, notes } = readT("api.yaml", YAML_SCHEMA);
    expect(properties.id?.example).toBe(BIG);
    // A number writes 500000000000000000 back as it is: nothing to keep.
    expect(properties.count?.example).toBe(500000000000000000);
    expect(properties.count?.maximum).toBe(2 ** 63);
    expect(notes).toEqual([
      `api.yaml#/components/schemas/T/properties/id/example: ${BIG} is past 2^53 − 1, where a JavaScript number would write it as 1234567890123456800: kept exact, as the string "${BIG}"`,
      "api.yaml#/components/schemas/T/properties/count/maximum: 9223372036854775807 is past 2^53 − 1: read as 9223372036854776000, the nearest JavaScript number, which spec.json and the docs show; no check changes, as no number a validator compares with it is that large",
    ]);
  });

  it.each([
    ["YAML", "api.yaml", `components: { schemas: { N: { type: integer, enum: [1, ${BIG}] } } }\n`],
    ["JSON", "api.json", `{"components":{"schemas":{"N":{"type":"integer","enum":[1,${BIG}]}}}}`],
  ])(
    "%s: an enum member of a schema without a wide format is refused at its place, with the fix",
    (_how, name, text) => {
      const error = (() => {
        try {
          parseSpecFile(name, text);
        } catch (thrown) {
          return thrown;
        }
        return undefined;
      })();
      expect(error).toBeInstanceOf(SpecError);
      expect((error as SpecError).pointer).toBe("/components/schemas/N/enum/1");
      expect((error as SpecError).problem).toContain("give the schema a wide integer format (format: int64");
      expect((error as SpecError).problem).toContain(`write the value as a string ("${BIG}")`);
    },
  );
});

describe("integers past 2^53 − 1, in generated clients", () => {
  let project: Awaited<ReturnType<typeof scratchProject>>;
  beforeAll(async () => {
    project = await scratchProject();
  });
  afterAll(() => project.remove());

  const answer = (ref: string) => ({
    "200": { description: "ok", content: { "application/json": { schema: { $ref: ref } } } },
  });

  it("a file a $ref reads keeps them, and the client takes the exact value and refuses its neighbour", async () => {
    const folder = join(project.root, "multi");
    await mkdir(folder, { recursive: true });
    const spec = {
      openapi: "3.1.0",
      info: { title: "Big", version: "1" },
      paths: { "/t": { get: { operationId: "getT", responses: answer("./t.json") } } },
    };
    await writeFile(join(folder, "api.json"), JSON.stringify(spec));
    await writeFile(
      join(folder, "t.json"),
      `{"type":"object","required":["id"],"properties":{"id":{"type":"integer","format":"int64","enum":[1,${BIG}]}}}`,
    );
    const out = join(folder, "out");
    const { factory } = await generateClient({ spec: join(folder, "api.json"), out });
    expect(await readFile(join(out, "spec.json"), "utf8")).toContain(`"enum":[1,"${BIG}"]`);
    expect(await compileStrict(project.root, [out])).toBe("");
    // The runtime reads the answer's 1234567890123456789 as this decimal string before validating.
    const plan = { index: join(out, "index.ts"), factory, kind: "openapi" as const, call: "getT", args: [] };
    const { results } = await useInChild(project.root, [
      { ...plan, answer: { id: BIG } },
      { ...plan, answer: { id: "1234567890123456790" } },
    ]);
    expect(results[0]?.value).toEqual({ id: `${BIG}n` });
    expect(results[1]?.error).toMatch(/\/id\b/);
  }, 120_000);

  it("an OpenRPC int64 enum is typed as bigint literals", async () => {
    const file = join(project.root, "rpc.json");
    await writeFile(
      file,
      `{"openrpc":"1.2.6","info":{"title":"Big","version":"1"},"methods":[{"name":"big","params":[],
"result":{"name":"r","schema":{"type":"integer","format":"int64","enum":[1,${BIG}]}}}]}`,
    );
    const out = join(project.root, "rpc");
    await generateClient({ spec: file, out });
    expect(await readFile(join(out, "types.ts"), "utf8")).toContain(`1n | ${BIG}n`);
    expect(await compileStrict(project.root, [out])).toBe("");
  }, 120_000);

  it("a spec refused for one is refused by the real CLI with its place, not a stack trace", async () => {
    const file = join(project.root, "refused.yaml");
    await writeFile(
      file,
      `openapi: 3.1.0\ninfo: { title: Big, version: "1" }\npaths: {}\ncomponents: { schemas: { N: { type: integer, const: ${BIG} } } }\n`,
    );
    const run = await runCli(["generate", file, "--out", join(project.root, "refused")]);
    expect(run.stderr).toContain(`refused.yaml#/components/schemas/N/const: ${BIG} is past 2^53 − 1`);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(run.code).toBe(1);
  }, 60_000);
});
