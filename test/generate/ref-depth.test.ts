/**
 * A spec of 3,000 schemas, each naming the next in a property (400 KB, no level of its text deeper
 * than 9), ended `chainkit generate` with "Maximum call stack size exceeded" and no place; 300 ended
 * it in ajv's jargon: ajv, openapi-typescript's reader and our own field walks each follow a `$ref`
 * by calling themselves again. The depth with `$ref`s followed is now measured when the spec is read, and a chain past
 * the limit is refused at the `$ref` where it starts.
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Json } from "../../scripts/generate/json.js";
import { checkRefDepth } from "../../scripts/generate/ref-depth.js";
import { SpecError } from "../../scripts/generate/spec-error.js";
import { DEFAULT_SPEC_LIMITS } from "../../scripts/generate/spec-limits.js";
import { runCli } from "../cli/support/cli-process.js";
import { componentRef, schemaGraphSpec } from "../support/schema-graph-spec.js";

/** `length` schemas A0 … A<length-1>, each naming the next in a property, beside an int64 field. */
function chainSpec(length: number) {
  const schemas: Record<string, unknown> = { [`A${length}`]: { type: "string" } };
  for (let index = 0; index < length; index++) {
    schemas[`A${index}`] = {
      type: "object",
      properties: { next: componentRef(`A${index + 1}`), amount: { type: "integer", format: "int64" } },
    };
  }
  return schemaGraphSpec("Chain", schemas);
}

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "chainkit-ref-depth-"));
  await writeFile(join(scratch, "package.json"), '{ "type": "module" }\n');
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

/** Runs `chainkit generate` on `spec` in a child process with only the CLI's own error handling. */
async function generateInChild(name: string, spec: object, ...options: string[]) {
  const file = join(scratch, `${name}.json`);
  await writeFile(file, JSON.stringify(spec));
  const out = join(scratch, `out-${name}`);
  const run = await runCli(["generate", file, "--out", out, ...options]);
  return { ...run, wrote: existsSync(join(out, "spec.json")) };
}

describe("a long chain of $refs, in the real CLI", () => {
  it("3,000 schemas each naming the next are refused where the chain starts, with the limit", async () => {
    const run = await generateInChild("chain-3000", chainSpec(3000));
    expect(run.stderr.trim()).toMatch(
      /^chainkit: \S+chain-3000\.json:1:\d+: \S+chain-3000\.json#\/paths\/~1a\/get\/responses\/200\/content\/application~1json\/schema\/\$ref: following this \$ref and the 39 it leads to \(#\/components\/schemas\/A0 → #\/components\/schemas\/A1 → #\/components\/schemas\/A2 → … → #\/components\/schemas\/A39\) nests the spec deeper than 128 levels \(at #\/components\/schemas\/A39\/properties\/next\); .* raise the limit with --max-ref-depth <n>$/,
    );
    expect(run.stderr).not.toContain("call stack");
    expect(run.code).toBe(1);
    expect(run.wrote).toBe(false);
  }, 120_000);

  it("a chain of 50 is refused by default, and generates once --max-ref-depth allows it", async () => {
    const refused = await generateInChild("chain-50", chainSpec(50));
    expect(refused.stderr).toContain("nests the spec deeper than 128 levels");
    expect(refused.code).toBe(1);
    const raised = await generateInChild("chain-50", chainSpec(50), "--max-ref-depth", "200");
    expect(raised.stderr).toBe("");
    expect(raised.code).toBe(0);
    expect(raised.wrote).toBe(true);
  }, 120_000);
});

describe("checkRefDepth", () => {
  const limits = { ...DEFAULT_SPEC_LIMITS, maxDepth: 8, maxRefDepth: 8 };
  const doc = (schemas: Record<string, unknown>) => ({ openapi: "3.1.0", components: { schemas } }) as Json;

  it("follows a recursive schema once, as the generators do", () => {
    const tree = { type: "object", properties: { children: { type: "array", items: componentRef("A") } } };
    expect(() => checkRefDepth("api.json", doc({ A: tree }), limits)).not.toThrow();
  });

  it("counts a chain through any keyword, and names where it starts", () => {
    const error = (() => {
      try {
        checkRefDepth(
          "api.json",
          doc({
            A: { allOf: [componentRef("B")] },
            B: { items: componentRef("C") },
            C: { anyOf: [componentRef("D")] },
            D: {},
          }),
          limits,
        );
      } catch (thrown) {
        return thrown;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(SpecError);
    expect((error as SpecError).pointer).toBe("/components/schemas/A/allOf/0/$ref");
    expect((error as SpecError).problem).toMatch(
      /^following this \$ref and the 1 it leads to \(#\/components\/schemas\/B → #\/components\/schemas\/C\) nests the spec deeper than 8 levels \(at #\/components\/schemas\/C\)/,
    );
  });

  it("lets a spec allowed to nest deeper in its text nest as deep through its $refs", () => {
    const chain = doc({
      A: { allOf: [componentRef("B")] },
      B: { items: componentRef("C") },
      C: { anyOf: [componentRef("D")] },
      D: {},
    });
    expect(() => checkRefDepth("api.json", chain, { ...limits, maxDepth: 16 })).not.toThrow();
  });
});
