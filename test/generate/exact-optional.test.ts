/**
 * `tsc --init` (TypeScript 5.9 and 7) turns on `exactOptionalPropertyTypes`: a client generated from
 * a spec with optional query, header or cookie parameters compiles under it too.
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateClient } from "../../scripts/generate/generate-client.js";
import { compileStrict, scratchProject } from "./generated-clients.js";
import { repoRoot } from "./support.js";

const SPEC = {
  openapi: "3.1.0",
  info: { title: "Optional", version: "1" },
  paths: {
    "/things/{id}": {
      get: {
        operationId: "getThing",
        parameters: [
          { name: "id", in: "path", required: true, schema: { type: "string" } },
          { name: "page", in: "query", schema: { type: "integer" } },
          { name: "x-trace", in: "header", schema: { type: "string" } },
          { name: "session", in: "cookie", schema: { type: "string" } },
        ],
        responses: {
          "200": { description: "ok", content: { "application/json": { schema: { type: "string" } } } },
        },
      },
    },
  },
};

let project: Awaited<ReturnType<typeof scratchProject>>;

beforeAll(async () => {
  project = await scratchProject();
  await writeFile(join(project.root, "optional.json"), JSON.stringify(SPEC));
  await generateClient({
    spec: join(project.root, "optional.json"),
    out: join(project.root, "out"),
    runtime: join(repoRoot, "src/runtime.js"),
  });
}, 120_000);

afterAll(() => project.remove());

describe("exactOptionalPropertyTypes", () => {
  it("a client with optional query, header and cookie parameters compiles under it", async () => {
    const output = await compileStrict(project.root, [join(project.root, "out")], {
      exactOptionalPropertyTypes: true,
    });
    // The runtime is compiled from its sources here; a project reads its declarations, which hold no bodies.
    const inGenerated = output.split("\n").filter((line) => /^\S*\/out\/.*error TS/.test(line));
    expect(inGenerated).toEqual([]);
  }, 120_000);
});
