/**
 * Small specs written to exhaust the generator: 600 nested schemas in 22 KB (V8 aborted the
 * process), 200,000 nested brackets, a 389-byte YAML alias bomb (minutes, tens of MB written).
 * The real `chainkit generate` runs each in a child process, with only the CLI's own handling: it
 * must exit 1 with a SpecError naming the place, the limit and the option raising it, never a
 * signal, a stack trace or a hang; and the limits can be raised.
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SpecError } from "../../scripts/generate/spec-error.js";
import { checkSpecLimits, DEFAULT_SPEC_LIMITS } from "../../scripts/generate/spec-limits.js";
import { tooDeepAt } from "../../scripts/generate/text-nesting.js";
import { runCli } from "../cli/support/cli-process.js";
import { repoRoot } from "./support.js";

const hostile = (name: string) => join(repoRoot, "test/fixtures/hostile-specs", name);
let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "chainkit-limits-"));
  // An ES module project, so the generator adds no package.json of its own (and no note about it).
  await writeFile(join(scratch, "package.json"), '{ "type": "module" }\n');
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

/** Runs `chainkit generate <spec>` in a child process; the run and whether spec.json was written. */
async function generateInChild(spec: string, ...options: string[]) {
  const out = join(scratch, `out-${Math.random().toString(36).slice(2)}`);
  const started = performance.now();
  const run = await runCli(["generate", spec, "--out", out, ...options]);
  return { ...run, seconds: (performance.now() - started) / 1000, wrote: existsSync(join(out, "spec.json")) };
}

describe("spec limits, in the real CLI", () => {
  it("600 nested schemas (22 KB) are refused before any parser recurses", async () => {
    const run = await generateInChild(hostile("deep-schema-600.openapi.json"));
    expect(run.stderr.trim()).toMatch(
      /^chainkit: \S+deep-schema-600\.openapi\.json#: the spec nests deeper than 64 levels at line 1, column \d+; if you trust it, raise the limit with --max-spec-depth <n>$/,
    );
    expect(run.code).toBe(1);
    expect(run.wrote).toBe(false);
  }, 120_000);

  it("200,000 nested brackets are refused too", async () => {
    const spec = join(scratch, "brackets.yaml");
    await writeFile(spec, `openapi: 3.1.0\nx-deep: ${"[".repeat(200_000)}${"]".repeat(200_000)}\n`);
    const run = await generateInChild(spec);
    expect(run.stderr).toContain("the spec nests deeper than 64 levels at line 2, column 72");
    expect(run.code).toBe(1);
  }, 120_000);

  it("a YAML alias bomb is refused at the alias past the limit, quickly, writing nothing", async () => {
    const run = await generateInChild(hostile("alias-bomb.openapi.yaml"));
    expect(run.stderr.trim()).toMatch(
      /^chainkit: \S+alias-bomb\.openapi\.yaml#\/x-bomb\/h(\/\d)+: the spec expands YAML aliases more than 1000 times here; if you trust it, raise the limit with --max-yaml-aliases <n>$/,
    );
    expect(run.code).toBe(1);
    expect(run.wrote).toBe(false);
    // The CLI's start (tsx) takes most of it; the bomb used to run for minutes.
    expect(run.seconds).toBeLessThan(60);
  }, 120_000);

  it("--max-spec-depth raises the depth limit", async () => {
    const spec = join(scratch, "deep-70.openapi.json");
    const schema = `${'{"type":"object","properties":{"a":'.repeat(30)}{"type":"string"}${"}}".repeat(30)}`;
    await writeFile(
      spec,
      `{"openapi":"3.1.0","info":{"title":"Deep","version":"1"},"paths":{"/a":{"get":{"operationId":"getA","responses":{"200":{"description":"ok","content":{"application/json":{"schema":${schema}}}}}}}}}\n`,
    );
    expect((await generateInChild(spec)).stderr).toContain("--max-spec-depth");
    const raised = await generateInChild(spec, "--max-spec-depth", "100");
    expect(raised.stderr).toBe("");
    expect(raised.code).toBe(0);
    expect(raised.wrote).toBe(true);
  }, 120_000);
});

describe("checkSpecLimits", () => {
  const shared = { text: "x".repeat(1024) };

  it("counts an alias's content as often as it appears, naming where the size passes the limit", () => {
    const doc = { list: Array.from({ length: 2000 }, () => shared) };
    const limits = { ...DEFAULT_SPEC_LIMITS, maxAliases: 10_000, maxMegabytes: 1 };
    expect(() => checkSpecLimits("big.yaml", doc, limits)).toThrow(
      /^big\.yaml#\/list\/\d+\/text: the spec takes more than 1 MB once its aliases are expanded here; if you trust it, raise the limit with --max-spec-mb <n>$/,
    );
    expect(() => checkSpecLimits("big.yaml", doc, { ...limits, maxMegabytes: 4 })).not.toThrow();
  });

  it("stops at the alias past the limit", () => {
    const doc = { list: Array.from({ length: 20 }, () => shared) };
    const error = (() => {
      try {
        checkSpecLimits("a.yaml", doc, { ...DEFAULT_SPEC_LIMITS, maxAliases: 5 });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(SpecError);
    expect((error as SpecError).pointer).toMatch(/^\/list\/\d+$/);
  });
});

describe("tooDeepAt", () => {
  it("counts brackets where a node starts, indentation, and neither quotes, comments nor plain text", () => {
    expect(tooDeepAt("a: [[[1]]]\n", 3)).toEqual({ line: 1, column: 6 });
    expect(tooDeepAt("a: [[[1]]]\n", 4)).toBeUndefined();
    expect(tooDeepAt('a: "[[[[[["\nb: see [[[[docs]]]] # [[[[[[\n', 2)).toBeUndefined();
    expect(tooDeepAt("a:\n  b:\n    c:\n      d: 1\n", 3)).toEqual({ line: 4, column: 7 });
  });
});
