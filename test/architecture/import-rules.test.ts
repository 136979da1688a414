import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The import rules of ARCHITECTURE.md, shown to fire: each case writes a small tree shaped like the
// repository with one wrong arrow and runs dependency-cruiser on it with the repository's own rules.

const run = promisify(execFile);
const repository = resolve(import.meta.dirname, "../..");
const cruiser = join(repository, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs");
const config = join(repository, ".dependency-cruiser.cjs");

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "chainkit-arrows-"));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Writes `files` into a fresh tree and returns the names of the rules dependency-cruiser reports. */
async function violatedRules(files: Record<string, string>): Promise<string[]> {
  const tree = await mkdtemp(join(root, "tree-"));
  await writeFile(join(tree, "tsconfig.json"), JSON.stringify({ compilerOptions: { module: "nodenext" } }));
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(tree, path)), { recursive: true });
    await writeFile(join(tree, path), text);
  }
  // dependency-cruiser exits non-zero on an error; the JSON on stdout is what is read either way.
  const { stdout } = await run(
    process.execPath,
    [cruiser, ...roots(files), "--config", config, "--output-type", "json"],
    { cwd: tree },
  ).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
  const report = JSON.parse(stdout) as { summary: { violations: { rule: { name: string } }[] } };
  return report.summary.violations.map((violation) => violation.rule.name).sort();
}

/** The top folders a tree has: dependency-cruiser refuses to read one that is missing. */
function roots(files: Record<string, string>): string[] {
  return [...new Set(Object.keys(files).map((path) => path.split("/")[0] as string))];
}

const quiet = {
  "src/runtime/errors.ts": "export class ChainkitError extends Error {}\n",
  "src/evm/client.ts":
    'import { ChainkitError } from "../runtime/errors.js";\nexport const evm = ChainkitError;\n',
  "generated/evm/client.ts":
    'import type { ChainkitError } from "../../src/runtime/errors.js";\nexport type E = ChainkitError;\n',
};

// One wrong arrow per rule, each in files of its own, so one run of the cruiser checks them all.
const wrongArrows: Record<string, Record<string, string>> = {
  "runtime-knows-no-surface": { "src/runtime/bad.ts": 'import "../evm/client.js";\n' },
  "generated-imports-only-runtime": { "generated/evm/bad.ts": 'import "../../src/evm/client.js";\n' },
  "surfaces-side-by-side": {
    "src/wallet/bad.ts": 'import { evm } from "../evm/client.js";\nexport const wallet = evm;\n',
  },
  "sandbox-and-cli-on-top": {
    "src/sandbox/serve.ts": "export const serve = 1;\n",
    "src/platform/bad.ts": 'import "../sandbox/serve.js";\n',
  },
  "library-loads-no-generator": {
    "scripts/generate/run.ts": "export const run = 1;\n",
    "src/indexer/bad.ts": 'import "../../scripts/generate/run.js";\n',
  },
  "no-cycles": {
    "src/exchange/a.ts": 'import { b } from "./b.js";\nexport const a = () => b;\n',
    "src/exchange/b.ts": 'import { a } from "./a.js";\nexport const b = () => a;\n',
  },
};

describe("the import rules", () => {
  it("pass a tree whose arrows point the allowed way", async () => {
    expect(await violatedRules(quiet)).toEqual([]);
  }, 60_000);

  it("name each rule a wrong arrow breaks", async () => {
    const files = Object.assign({}, quiet, ...Object.values(wrongArrows));
    const rules = new Set(await violatedRules(files));
    expect([...rules].sort()).toEqual(Object.keys(wrongArrows).sort());
  }, 60_000);
});
