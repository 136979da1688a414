/**
 * A new surface is a spec plus one declaration (`scripts/generate/surfaces.ts`): `npm run generate`
 * makes its client, and names each hand-written piece it still lacks (entry, export, guide) with
 * the file and what to write.
 */
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { missingPieces } from "../../scripts/generate/entry-check.js";
import { runGenerator } from "../../scripts/generate/run.js";
import { SURFACES, type Surface } from "../../scripts/generate/surfaces.js";
import { fixturePath, repoRoot } from "./support.js";

const ledger: Surface = {
  name: "ledger",
  specFile: "specs/ledger.openapi.yaml",
  kind: "openapi",
  title: "Ledger",
  baseUrl: { node: "/ledger" },
};

let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "chainkit-surface-"));
  await mkdir(join(root, "specs"));
  await cp(fixturePath("mini.openapi.yaml"), join(root, ledger.specFile));
  await writeFile(join(root, "package.json"), JSON.stringify({ name: "scratch", type: "module" }));
  await symlink(join(repoRoot, "node_modules"), join(root, "node_modules"), "dir");
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("a declared surface", () => {
  it("generates, and each missing piece is named with what to write, until none is", async () => {
    const run = () => runGenerator({ root, surfaces: [ledger], log: () => {} });
    const first = await run();
    expect(first.changed).toContain("generated/ledger/client.ts");
    expect(first.missing).toEqual([
      'src/ledger.ts is missing: write the chainkit/ledger entry, e.g. export * from "../generated/ledger/index.js"; plus the surface\'s hand-written helpers',
      'package.json has no export "./ledger": set "exports"["./ledger"] to {"types":"./dist/src/ledger.d.ts","node":"./dist/node/ledger.js","import":"./dist/src/ledger.js"}',
      "examples/ledger.ts is missing: write the Ledger guide, a runnable example of its client (the portal shows it; test/examples runs it against the sandbox)",
    ]);

    await mkdir(join(root, "src"));
    await writeFile(join(root, "src/ledger.ts"), 'export * from "../generated/ledger/index.js";\n');
    await mkdir(join(root, "examples"));
    await writeFile(join(root, "examples/ledger.ts"), "");
    await writeFile(join(root, "package.json"), JSON.stringify({ exports: { "./platform": "./x.js" } }));
    expect((await run()).missing).toEqual([
      'package.json has no export "./ledger": set "exports"["./ledger"] to {"types":"./dist/src/ledger.d.ts","node":"./dist/node/ledger.js","import":"./dist/src/ledger.js"}',
    ]);

    const exports = {
      "./ledger": {
        types: "./dist/src/ledger.d.ts",
        node: "./dist/node/ledger.js",
        import: "./dist/src/ledger.js",
      },
    };
    await writeFile(join(root, "package.json"), JSON.stringify({ exports }));
    expect((await run()).missing).toEqual([]);
  }, 60_000);

  it("an entry that does not export the generated client is named", async () => {
    await writeFile(join(root, "src/ledger.ts"), "export const unrelated = 1;\n");
    expect(await missingPieces(root, ledger)).toEqual([
      'src/ledger.ts does not export the generated client: add export * from "../generated/ledger/index.js";',
    ]);
  });
});

describe("a bare folder of specs (no package.json)", () => {
  it("is not checked for entries", async () => {
    const bare = await mkdtemp(join(tmpdir(), "chainkit-bare-"));
    try {
      expect(await missingPieces(bare, ledger)).toEqual([]);
    } finally {
      await rm(bare, { recursive: true, force: true });
    }
  });
});

describe("chainkit's own surfaces", () => {
  it.each(SURFACES.map((surface) => [surface.name, surface] as const))(
    "%s lacks nothing",
    async (_, surface) => {
      expect(await missingPieces(repoRoot, surface)).toEqual([]);
    },
  );
});

describe("the declared base URLs", () => {
  it("a public service's is its client's default and its spec's first server, when it lists one", async () => {
    const { PLATFORM_BASE_URL } = await import("../../src/platform.js");
    const byName = new Map(SURFACES.map((surface) => [surface.name, surface.baseUrl]));
    expect(byName.get("platform")).toEqual({ service: PLATFORM_BASE_URL });
    const exchange = parse(await readFile(join(repoRoot, "specs/exchange.openapi.yaml"), "utf8")) as {
      servers: { url: string }[];
    };
    expect(byName.get("exchange")).toEqual({ service: exchange.servers[0]?.url });
  });
});
