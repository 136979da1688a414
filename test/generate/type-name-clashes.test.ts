/**
 * Two operation ids whose generated type names are the same (`x_post` and `xPost` both make
 * `XPostResponse`; `getPets` and `GetPets` both make `GetPetsResponse`) used to stop generation with
 * "type name … is also used"; the later one is now numbered like any clash, with a note, and the
 * spec generates and compiles.
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateClient } from "../../scripts/generate/generate-client.js";
import { synthesiseIds } from "../../scripts/generate/operation-ids.js";
import { compileStrict, scratchProject } from "./generated-clients.js";

const answer = {
  "200": { description: "ok", content: { "application/json": { schema: { type: "string" } } } },
};
const SPEC = {
  openapi: "3.1.0",
  info: { title: "Clashes", version: "1" },
  paths: {
    "/a": { post: { operationId: "x_post", responses: answer } },
    "/b": { post: { operationId: "xPost", responses: answer } },
    "/c": { post: { operationId: "x-post", responses: answer } },
  },
};

let project: Awaited<ReturnType<typeof scratchProject>>;
beforeAll(async () => {
  project = await scratchProject();
});
afterAll(() => project.remove());

describe("operation ids whose type names clash", () => {
  it("number the later ones, the spec's own name kept for the first", () => {
    const { ids, synthesised } = synthesiseIds(
      [
        { pointer: "/paths/~1a/post", original: "x_post", fallback: "post a" },
        { pointer: "/paths/~1b/post", original: "xPost", fallback: "post b" },
        { pointer: "/paths/~1c/post", original: "x-post", fallback: "post c" },
        { pointer: "/paths/~1d/get", original: "getPets", fallback: "get d" },
        { pointer: "/paths/~1e/get", original: "GetPets", fallback: "get e" },
      ],
      [],
    );
    expect(ids).toEqual(["x_post", "xPost2", "xPost3", "getPets", "getPets2"]);
    expect(synthesised.map((entry) => entry.original)).toEqual(["xPost", "x-post", "GetPets"]);
  });

  it("generate a client that compiles, each operation its own types", async () => {
    await writeFile(join(project.root, "clashes.json"), JSON.stringify(SPEC));
    const notes: string[] = [];
    const out = join(project.root, "out");
    await generateClient({ spec: join(project.root, "clashes.json"), out, note: (line) => notes.push(line) });
    expect(notes.join("\n")).toContain("xPost2");
    expect(await compileStrict(project.root, [out])).toBe("");
  }, 120_000);
});
