/**
 * OpenAPI 3.2 is read: a 3.2 document generates what its 3.1 part carries plus its `query` method and
 * `additionalOperations`; what 3.2 forbids around them is refused at its place, saying what to write
 * instead. Calls over a real socket are in `openapi-3-2-streams.test.ts`.
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateClient } from "../../scripts/generate/generate-client.js";
import { SpecError } from "../../scripts/generate/spec-error.js";
import { repoRoot } from "./support.js";

const spec = join(repoRoot, "test/fixtures/openapi-3.2/ledger.openapi.yaml");
let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "chainkit-openapi-3-2-"));
});

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

describe("OpenAPI 3.2", () => {
  it("generates the operations 3.1 has, and its QUERY and additionalOperations ones", async () => {
    const notes: string[] = [];
    const out = join(scratch, "ledger");
    const result = await generateClient({
      spec,
      out,
      runtime: join(repoRoot, "src/runtime.js"),
      note: (line) => notes.push(line),
    });
    expect(result.factory).toBe("createLedgerClient");
    expect(notes.filter((line) => line.includes("left out"))).toEqual([]);
    const operations = await readFile(join(out, "operations.ts"), "utf8");
    expect(operations).toMatch(/operation\("\w+", "QUERY", /);
    expect(operations).toMatch(/operation\("\w+", "LINK", /);
  });

  async function refusal(name: string, lines: readonly string[]): Promise<SpecError> {
    const path = join(scratch, `${name}.openapi.yaml`);
    await writeFile(
      path,
      ["openapi: 3.2.0", "info: { title: q, version: '1' }", "paths:", ...lines, ""].join("\n"),
    );
    const error = await generateClient({ spec: path, out: join(scratch, name) }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(SpecError);
    return error as SpecError;
  }

  it("refuses in: querystring beside in: query parameters, at the operation, saying what to do", async () => {
    const error = await refusal("beside", [
      "  /search:",
      "    get:",
      "      operationId: search",
      "      parameters:",
      "        - { name: filter, in: querystring, content: { application/x-www-form-urlencoded: { schema: { type: object } } } }",
      "        - { name: limit, in: query, schema: { type: integer } }",
      "      responses: { '204': { description: none } }",
    ]);
    expect(error.pointer).toBe("/paths/~1search/get");
    expect(error.problem).toMatch(
      /"limit" cannot be in: query beside it .* move it into the querystring's schema/,
    );
  });

  it("refuses an in: querystring of a media type that is neither form fields nor JSON", async () => {
    const error = await refusal("plain", [
      "  /search:",
      "    get:",
      "      operationId: search",
      "      parameters:",
      "        - { name: filter, in: querystring, content: { text/plain: { schema: { type: string } } } }",
      "      responses: { '204': { description: none } }",
    ]);
    expect(error.pointer).toBe("/paths/~1search/get/parameters/0/content");
    expect(error.problem).toMatch(/application\/x-www-form-urlencoded .* or a JSON media type/);
  });

  it("refuses an additionalOperations key that names a fixed method", async () => {
    const error = await refusal("fixed", [
      "  /search:",
      "    additionalOperations:",
      "      GET: { operationId: search, responses: { '204': { description: none } } }",
    ]);
    expect(error.pointer).toBe("/paths/~1search/additionalOperations/GET");
    expect(error.problem).toBe('GET is a fixed method: write it as the path item\'s "get"');
  });
});
