/**
 * A local `$ref` with a broken percent escape (`#/components/schemas/%ZZ`) was refused as "not local;
 * specs must be self-contained", which it is. It is now refused for its escape, with the fix.
 */
import { describe, expect, it } from "vitest";
import { checkRefs } from "../../scripts/generate/check-refs.js";
import type { Json } from "../../scripts/generate/json.js";
import { SpecError } from "../../scripts/generate/spec-error.js";

const spec = (ref: string) =>
  ({
    openapi: "3.1.0",
    paths: { "/a": { get: { responses: { "200": { $ref: ref } } } } },
    components: { responses: { "A%B": { description: "a" }, "A B": { description: "b" } } },
  }) as Json;

function refusal(ref: string): SpecError {
  try {
    checkRefs("api.yaml", spec(ref));
  } catch (error) {
    if (error instanceof SpecError) return error;
    throw error;
  }
  throw new Error(`${ref} was accepted`);
}

describe("a $ref's percent escapes", () => {
  it.each([
    ["#/components/responses/%ZZ", '"%ZZ", which is no percent escape'],
    ["#/components/responses/A%B", '"%B", which is no percent escape'],
    ["#/components/responses/A%", '"%", which is no percent escape'],
  ])("%s is refused at the $ref, saying how to write a %", (ref, problem) => {
    const error = refusal(ref);
    expect(error.pointer).toBe("/paths/~1a/get/responses/200/$ref");
    expect(error.problem).toContain(problem);
    expect(error.problem).toContain("write a % that is part of a name as %25");
    expect(error.problem).not.toContain("not local");
  });

  it("escapes that are not UTF-8 are refused as such", () => {
    expect(refusal("#/components/responses/%C3").problem).toContain("spell no UTF-8 character");
  });

  it("well-formed escapes name what they spell", () => {
    expect(() => checkRefs("api.yaml", spec("#/components/responses/A%25B"))).not.toThrow();
    expect(() => checkRefs("api.yaml", spec("#/components/responses/A%20B"))).not.toThrow();
  });
});
