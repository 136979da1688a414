/**
 * A component schema that is itself without nesting (`D: { allOf: [{ $ref: D }] }`) generated a
 * type alias of itself, which TypeScript refuses (TS2502); it is now refused with the `$ref` that
 * closes the loop. Recursion through a property or array items stays a valid recursive type.
 */
import { describe, expect, it } from "vitest";
import type { Json } from "../../scripts/generate/json.js";
import { checkSelfReference } from "../../scripts/generate/self-reference.js";
import { SpecError } from "../../scripts/generate/spec-error.js";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const doc = (schemas: Record<string, unknown>) => ({ openapi: "3.1.0", components: { schemas } }) as Json;

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
