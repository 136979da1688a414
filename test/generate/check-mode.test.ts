import { execFile } from "node:child_process";
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MANIFEST_FILE } from "../../scripts/generate/output-manifest.js";
import { runGenerator } from "../../scripts/generate/run.js";
import type { Validator } from "../../src/runtime/operation.js";
import { packedValidators } from "../support/spec-validators.js";
import { repoRoot, scratchRoot } from "./support.js";

const run = promisify(execFile);
const main = join(repoRoot, "scripts/generate/main.ts");

/** Runs the CLI (`tsx scripts/generate/main.ts`) and returns its exit code and output, never throwing. */
async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", main, ...args], {
      cwd: repoRoot,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

let scratch: Awaited<ReturnType<typeof scratchRoot>>;
const lines: string[] = [];

beforeAll(async () => {
  scratch = await scratchRoot();
  await runGenerator({ root: scratch.root, log: (line) => lines.push(line) });
});
afterAll(() => scratch.remove());

describe("npm run generate and --check", () => {
  it("prints one progress line per spec with its time, then a total", () => {
    expect(lines).toHaveLength(6);
    // types, operations, client, index, spec.json, one validators module with its declarations
    // packing the four operations (with the checks two of them share), the helpers and the int64
    // converter of the one answer with wide integers; and the manifest listing them.
    expect(lines[0]).toMatch(/^platform +specs\/platform\.openapi\.yaml +9 files, 10 changed +\d+ ms$/);
    expect(lines[5]).toMatch(/^5 specs in \d+ ms$/);
  });

  it("a second run changes nothing (byte-identical output)", async () => {
    const again = await runGenerator({ root: scratch.root, log: () => {} });
    expect(again.changed).toEqual([]);
  });

  it("generated validators load as ESM in Node, each operation's part of its pack", async () => {
    const validators = (await packedValidators(scratch.root, "platform", "listThings")).part as {
      query: Validator;
    };
    expect(validators.query({ limit: 5 })).toBe(true);
    expect(validators.query({ limit: 0 })).toBe(false);
  });

  it("--check reports drift, exits 1 and writes nothing", async () => {
    const client = join(scratch.root, "generated/wallet/client.ts");
    const edited = `${await readFile(client, "utf8")}// edited by hand\n`;
    await writeFile(client, edited);
    await writeFile(join(scratch.root, "generated/evm/leftover.ts"), "export {};\n");
    // A module an earlier run wrote (its manifest lists it) for an operation the spec no longer has.
    const platform = join(scratch.root, "generated/platform");
    const manifest = JSON.parse(await readFile(join(platform, MANIFEST_FILE), "utf8"));
    await writeFile(
      join(platform, MANIFEST_FILE),
      JSON.stringify({ ...manifest, files: [...manifest.files, "validators/removedOperation.js"] }),
    );
    await writeFile(join(platform, "validators/removedOperation.js"), "export {};\n");

    const result = await cli("--check", "--root", scratch.root);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("generated/wallet/client.ts");
    expect(result.stderr).toContain("generated/evm/leftover.ts");
    expect(result.stderr).toContain("generated/platform/validators/removedOperation.js");
    expect(result.stdout).toContain("(check only, nothing written)");
    expect(await readFile(client, "utf8")).toBe(edited);

    // The write removes what an earlier run wrote, and leaves (and names) what it never wrote.
    const logged: string[] = [];
    await runGenerator({ root: scratch.root, log: (line) => logged.push(line) });
    await expect(readFile(join(platform, "validators/removedOperation.js"))).rejects.toThrow();
    expect(logged).toContain("generated/evm/leftover.ts was not written by the generator: left alone");
    const recheck = await runGenerator({ root: scratch.root, check: true, log: () => {} });
    expect(recheck.changed).toEqual(["generated/evm/leftover.ts"]);
    await rm(join(scratch.root, "generated/evm/leftover.ts"));
    expect((await runGenerator({ root: scratch.root, check: true, log: () => {} })).changed).toEqual([]);
  }, 60_000);

  it("a spec in specs/ that no surface declares is named", async () => {
    const extra = join(scratch.root, "specs/extra.openapi.yaml");
    await writeFile(extra, await readFile(join(scratch.root, "specs/platform.openapi.yaml")));
    try {
      const logged: string[] = [];
      await runGenerator({ root: scratch.root, check: true, log: (line) => logged.push(line) });
      expect(logged.at(-1)).toBe(
        "specs/extra.openapi.yaml is not generated: declare it in scripts/generate/surfaces.ts (name, specFile, kind, title, baseUrl)",
      );
    } finally {
      await rm(extra);
    }
  }, 60_000);

  it("a broken spec stops the CLI with the file, line, column and pointer, without a stack trace", async () => {
    const spec = join(scratch.root, "specs/exchange.openapi.yaml");
    const original = await readFile(spec, "utf8");
    await writeFile(
      spec,
      original.replace('$ref: "#/components/schemas/Thing"', '$ref: "#/components/schemas/Thin"'),
    );
    try {
      const result = await cli("--root", scratch.root);
      expect(result.code).toBe(1);
      // The position of the broken $ref's value, as an editor counts (from 1).
      const lines = original.split("\n");
      const index = lines.findIndex((text) => text.includes('"#/components/schemas/Thing"'));
      const column = (lines[index] ?? "").indexOf('"#/components') + 1;
      expect(result.stderr.trim()).toBe(
        `error: specs/exchange.openapi.yaml:${index + 1}:${column}: specs/exchange.openapi.yaml#/paths/~1v1~1things/post/responses/201/content/application~1json/schema/$ref: unknown $ref "#/components/schemas/Thin"`,
      );
    } finally {
      await writeFile(spec, original);
    }
  }, 60_000);
});
