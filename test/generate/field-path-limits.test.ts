/**
 * chainkit finds where int64 and secret fields sit by walking every path to them through the
 * schemas. 40 schemas, each naming the next three times over, made `chainkit generate` walk 3^40
 * paths: it ran for minutes and never finished. A schema reached again at the same path is now
 * walked once, and a spec with more distinct paths than the machine can walk is refused with its place.
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../cli/support/cli-process.js";
import { componentRef, schemaGraphSpec } from "../support/schema-graph-spec.js";

/** 40 schemas, each naming the next three times (as `shape` writes them), above an int64 field. */
function fanOutSpec(shape: (next: { $ref: string }) => Record<string, unknown>) {
  const schemas: Record<string, unknown> = {
    A40: { type: "object", properties: { amount: { type: "integer", format: "int64" } } },
  };
  for (let index = 0; index < 40; index++) schemas[`A${index}`] = shape(componentRef(`A${index + 1}`));
  return schemaGraphSpec("Fan-out", schemas);
}

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "chainkit-field-paths-"));
  await writeFile(join(scratch, "package.json"), '{ "type": "module" }\n');
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

/** `chainkit generate` in a child process, with only the CLI's own error handling. */
async function generateInChild(name: string, spec: object) {
  const file = join(scratch, `${name}.json`);
  await writeFile(file, JSON.stringify(spec));
  const out = join(scratch, `out-${name}`);
  const run = await runCli(["generate", file, "--out", out, "--max-ref-depth", "200"]);
  return { ...run, wrote: existsSync(join(out, "spec.json")) };
}

describe("schemas that name each other several times over, level after level", () => {
  it("the same schema three times at one place (allOf) is walked once, and generates", async () => {
    const run = await generateInChild(
      "diamonds",
      fanOutSpec((next) => ({ allOf: [next, next, next] })),
    );
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.wrote).toBe(true);
  }, 120_000);

  it("three places to each next schema (3^40 fields) are refused with the place and the fix", async () => {
    const run = await generateInChild(
      "properties",
      fanOutSpec((next) => ({ type: "object", properties: { x: next, y: next, z: next } })),
    );
    expect(run.stderr.trim()).toMatch(
      /^chainkit: \S+properties\.json(:\d+:\d+)?: \S+properties\.json#\/components\/schemas\/A\d+: the schemas reached from here name each other so many times over, .* more than 200,000 distinct places to check for int64 and secret fields; .*name each shared schema once per level/,
    );
    expect(run.code).toBe(1);
    expect(run.wrote).toBe(false);
  }, 120_000);
});
