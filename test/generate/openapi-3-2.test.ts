/**
 * OpenAPI 3.2 is read: a 3.2 document generates what its 3.1 part carries, the `query` method and
 * `additionalOperations` are named in a note (not yet generated), and `in: querystring` is refused
 * with its place and what to write instead.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
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
  it("generates the operations 3.1 has and names the 3.2 methods it leaves out", async () => {
    const notes: string[] = [];
    const result = await generateClient({
      spec,
      out: join(scratch, "ledger"),
      runtime: join(repoRoot, "src/runtime.js"),
      note: (line) => notes.push(line),
    });
    expect(result.factory).toBe("createLedgerClient");
    expect(notes).toContainEqual(
      `${spec}#/paths/~1blocks: left out: QUERY operations (OpenAPI 3.2) are not generated yet; the portal documents them`,
    );
    expect(notes).toContainEqual(
      `${spec}#/paths/~1blocks: left out: LINK operations (OpenAPI 3.2) are not generated yet; the portal documents them`,
    );
  });

  it("refuses in: querystring at its place, saying what to write", async () => {
    const path = join(scratch, "querystring.openapi.yaml");
    await writeFile(
      path,
      [
        "openapi: 3.2.0",
        "info: { title: q, version: '1' }",
        "paths:",
        "  /search:",
        "    get:",
        "      operationId: search",
        "      parameters:",
        "        - { name: filter, in: querystring, content: { application/x-www-form-urlencoded: { schema: { type: object } } } }",
        "      responses: { '204': { description: none } }",
        "",
      ].join("\n"),
    );
    const error = await generateClient({ spec: path, out: join(scratch, "q") }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(SpecError);
    expect((error as SpecError).pointer).toBe("/paths/~1search/get/parameters/0/in");
    expect((error as SpecError).problem).toMatch(
      /in: querystring .* describe the query's fields as in: query/,
    );
  });
});
