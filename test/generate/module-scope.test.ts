/**
 * The generated client is ES modules. In a CommonJS project (npm 11's `npm init` writes
 * `"type": "commonjs"`) its folder gets a package.json of its own saying `"type": "module"`, so
 * TypeScript (`module: NodeNext`) and Node read it as the ES modules it is; in an ES module project
 * it gets none, and one written before is removed once the project says `"type": "module"`.
 */
import { existsSync, readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateClient } from "../../scripts/generate/generate-client.js";
import { compileStrict, scratchProject } from "./generated-clients.js";

const SPEC = {
  openapi: "3.1.0",
  info: { title: "Scope", version: "1" },
  paths: {
    "/things/{id}": {
      get: {
        operationId: "getThing",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
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
  await writeFile(join(project.root, "scope.json"), JSON.stringify(SPEC));
});
afterAll(() => project.remove());

describe("the generated folder's module scope", () => {
  it("is marked as ES modules in a CommonJS project, which then compiles it with module NodeNext", async () => {
    await writeFile(join(project.root, "package.json"), JSON.stringify({ name: "app", type: "commonjs" }));
    const notes: string[] = [];
    const out = join(project.root, "src/scope");
    await generateClient({ spec: join(project.root, "scope.json"), out, note: (line) => notes.push(line) });
    expect(JSON.parse(readFileSync(join(out, "package.json"), "utf8"))).toEqual({ type: "module" });
    expect(notes.join("\n")).toContain('does not say "type": "module"');
    expect(
      await compileStrict(project.root, [out], { module: "NodeNext", moduleResolution: "NodeNext" }),
    ).toBe("");
  }, 120_000);

  it("is left to an ES module project, and the folder's own package.json goes when the project says module", async () => {
    await writeFile(join(project.root, "package.json"), JSON.stringify({ name: "app", type: "module" }));
    const out = join(project.root, "src/scope");
    const notes: string[] = [];
    await generateClient({ spec: join(project.root, "scope.json"), out, note: (line) => notes.push(line) });
    expect(existsSync(join(out, "package.json"))).toBe(false);
    expect(notes.join("\n")).not.toContain("ES modules");
  }, 120_000);

  it("is left alone for a caller's scratch folder (moduleScope: false, as the mock's), with no note", async () => {
    await writeFile(join(project.root, "package.json"), JSON.stringify({ name: "app", type: "commonjs" }));
    const out = join(project.root, "scratch");
    const notes: string[] = [];
    await generateClient({
      spec: join(project.root, "scope.json"),
      out,
      moduleScope: false,
      note: (line) => notes.push(line),
    });
    expect(existsSync(join(out, "package.json"))).toBe(false);
    expect(notes.join("\n")).not.toContain("ES modules");
  }, 120_000);
});
