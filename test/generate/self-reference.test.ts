/**
 * A component schema that is itself without nesting (`D: { allOf: [{ $ref: D }] }`) generated a
 * type alias of itself, which TypeScript refuses (TS2502); it is now refused with the `$ref` that
 * closes the loop. Recursion through a property or array items stays a valid recursive type.
 *
 * A loop of `$ref`s alone outside the component schemas (`x-defs/A` → `x-defs/B` → `x-defs/A`, or
 * between two properties) went on to openapi-typescript, whose reader refused it as a
 * "Self-referencing circular pointer" at the document's root; it is refused at the `$ref` that
 * closes it too, naming the loop.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Json } from "../../scripts/generate/json.js";
import { checkSelfReference } from "../../scripts/generate/self-reference.js";
import { SpecError } from "../../scripts/generate/spec-error.js";
import { runCli } from "../cli/support/cli-process.js";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const doc = (schemas: Record<string, unknown>) => ({ openapi: "3.1.0", components: { schemas } }) as Json;

function refusal(spec: Json): SpecError {
  try {
    checkSelfReference("api.json", spec);
  } catch (error) {
    if (error instanceof SpecError) return error;
    throw error;
  }
  throw new Error("the spec was accepted");
}

/** A spec whose one answer is the schema at `ref`, with `more` beside its paths. */
const answering = (ref: string, more: Record<string, unknown>) =>
  ({
    openapi: "3.1.0",
    info: { title: "Loops", version: "1" },
    paths: {
      "/a": {
        get: {
          operationId: "getA",
          responses: {
            "200": { description: "ok", content: { "application/json": { schema: { $ref: ref } } } },
          },
        },
      },
    },
    ...more,
  }) as Json;

describe("a schema that refers back to itself", () => {
  it.each([
    ["allOf", { D: { allOf: [ref("D")] } }, "/components/schemas/D/allOf/0/$ref"],
    ["a union", { N: { oneOf: [{ type: "string" }, ref("N")] } }, "/components/schemas/N/oneOf/1/$ref"],
    ["another schema", { A: ref("B"), B: { anyOf: [ref("A")] } }, "/components/schemas/B/anyOf/0/$ref"],
  ])("through %s alone is refused at the closing $ref", (_how, schemas, pointer) => {
    const error = (() => {
      try {
        checkSelfReference("api.json", doc(schemas));
      } catch (thrown) {
        return thrown;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(SpecError);
    expect((error as SpecError).pointer).toBe(pointer);
    expect((error as SpecError).problem).toContain("nest the reference in a property or in array items");
  });

  it("through a property or array items is a recursive type, and passes", () => {
    expect(() =>
      checkSelfReference(
        "api.json",
        doc({
          Tree: { type: "object", properties: { children: { type: "array", items: ref("Tree") } } },
          Node: { allOf: [ref("Tree"), { properties: { parent: ref("Node") } }] },
        }),
      ),
    ).not.toThrow();
  });
});

describe("a loop of $refs alone", () => {
  it.each([
    [
      "outside the components",
      answering("#/x-defs/A", { "x-defs": { A: { $ref: "#/x-defs/B" }, B: { $ref: "#/x-defs/A" } } }),
      "/x-defs/B/$ref",
      "#/x-defs/A → #/x-defs/B → #/x-defs/A",
    ],
    [
      "between two properties",
      answering("#/components/schemas/A/properties/x", {
        components: {
          schemas: {
            A: { type: "object", properties: { x: { $ref: "#/components/schemas/B/properties/y" } } },
            B: { type: "object", properties: { y: { $ref: "#/components/schemas/A/properties/x" } } },
          },
        },
      }),
      "/components/schemas/B/properties/y/$ref",
      "#/components/schemas/A/properties/x → #/components/schemas/B/properties/y → #/components/schemas/A/properties/x",
    ],
    [
      "between responses",
      answering("#/components/schemas/S", {
        components: {
          schemas: { S: { type: "string" } },
          responses: { A: { $ref: "#/components/responses/B" }, B: { $ref: "#/components/responses/A" } },
        },
      }),
      "/components/responses/A/$ref",
      "#/components/responses/B → #/components/responses/A → #/components/responses/B",
    ],
  ])("%s is refused at the $ref that closes it, naming the loop", (_where, spec, pointer, loop) => {
    const error = refusal(spec);
    expect(error.pointer).toBe(pointer);
    expect(error.problem).toContain(`through $refs alone (${loop}), so they name nothing`);
  });

  it("outside the components, is refused by the real CLI in those words, not the reader's", async () => {
    const scratch = await mkdtemp(join(tmpdir(), "chainkit-ref-loop-"));
    try {
      await writeFile(join(scratch, "package.json"), '{ "type": "module" }\n');
      const file = join(scratch, "loop.json");
      const spec = answering("#/x-defs/A", {
        "x-defs": { A: { $ref: "#/x-defs/B" }, B: { $ref: "#/x-defs/A" } },
      });
      await writeFile(file, JSON.stringify(spec));
      const run = await runCli(["generate", file, "--out", join(scratch, "out")]);
      expect(run.stderr).toContain("loop.json#/x-defs/B/$ref: the $refs from #/x-defs/A lead back to it");
      expect(run.stderr).not.toContain("circular pointer");
      expect(run.code).toBe(1);
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }, 60_000);
});
