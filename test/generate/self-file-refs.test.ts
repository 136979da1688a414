/**
 * A spec whose `$ref`s name its own file (`api.yaml#/components/schemas/A` inside `api.yaml`, as some
 * editors and bundlers write them), alone or beside other files that refer back to it, was refused
 * with "is not local; specs must be self-contained". Such a `$ref` is local, and is read as one.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateClient } from "../../scripts/generate/generate-client.js";
import { compileStrict, scratchProject } from "./generated-clients.js";

const answer = (ref: string) => ({
  "200": { description: "ok", content: { "application/json": { schema: { $ref: ref } } } },
});

let project: Awaited<ReturnType<typeof scratchProject>>;
beforeAll(async () => {
  project = await scratchProject();
});
afterAll(() => project.remove());

describe("$refs naming the spec's own file", () => {
  it.each([
    ["in one file", false],
    ["from another file that refers back to the root", true],
  ])(
    "are read as local references %s, and the client compiles",
    async (_how, multiFile) => {
      const folder = join(project.root, multiFile ? "multi" : "single");
      await mkdir(folder, { recursive: true });
      const spec = {
        openapi: "3.1.0",
        info: { title: "Self", version: "1" },
        paths: {
          "/a": { get: { operationId: "getA", responses: answer("api.json#/components/schemas/A") } },
          ...(multiFile && { "/b": { get: { operationId: "getB", responses: answer("./b.json") } } }),
        },
        components: { schemas: { A: { type: "object", properties: { id: { type: "string" } } } } },
      };
      await writeFile(join(folder, "api.json"), JSON.stringify(spec));
      await writeFile(
        join(folder, "b.json"),
        JSON.stringify({ type: "object", properties: { a: { $ref: "api.json#/components/schemas/A" } } }),
      );
      const out = join(folder, "out");
      await generateClient({ spec: join(folder, "api.json"), out });
      expect(await readFile(join(out, "spec.json"), "utf8")).not.toContain("api.json#");
      expect(await compileStrict(project.root, [out])).toBe("");
    },
    120_000,
  );
});
