import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../scripts/generate/json.js";
import { checkRules, RULE_EXTENSION } from "../../scripts/generate/rules.js";
import { SpecError } from "../../scripts/generate/spec-error.js";
import { checkValue } from "../../src/runtime/validation/field-issues.js";
import { buildOne, loadOne } from "./support.js";

/** JSON Schema's `then`, written as a computed key: a literal `then` key makes an object look thenable. */
const THEN = "then";

/** Red things may not be larger than 10: a conditional with the sentence it means. */
const thing: JsonObject = {
  type: "object",
  properties: { color: { enum: ["red", "green"] }, size: { type: "integer" } },
  allOf: [
    {
      if: { required: ["color"], properties: { color: { const: "red" } } },
      [THEN]: { properties: { size: { maximum: 10 } } },
      [RULE_EXTENSION]: {
        field: "size",
        message: "{size} is too large for a {color} thing; red things are at most 10",
      },
    },
  ],
};

function problemOf(rule: unknown, schema: JsonObject = { if: {}, [THEN]: {} }): SpecError {
  try {
    checkRules("mini.yaml", [{ schema: { ...schema, [RULE_EXTENSION]: rule } as JsonObject, pointer: "/s" }]);
  } catch (error) {
    if (error instanceof SpecError) return error;
    throw error;
  }
  throw new Error("the rule was accepted");
}

describe("x-rule: a conditional says what it means", () => {
  it("reports one issue at the rule's field, its message filled with the object's values", async () => {
    const validate = await loadOne(buildOne({}, thing));
    expect(checkValue(validate, { color: "red", size: 12 }, "/body")).toEqual([
      { pointer: "/body/size", message: "12 is too large for a red thing; red things are at most 10" },
    ]);
    expect(validate.errors).toHaveLength(1);
    expect(validate.errors?.[0]).toMatchObject({ keyword: RULE_EXTENSION, params: { field: "size" } });
    expect(checkValue(validate, { color: "red", size: 9 }, "/body")).toEqual([]);
    expect(checkValue(validate, { color: "green", size: 12 }, "/body")).toEqual([]);
    expect(checkValue(validate, { size: 12 }, "/body")).toEqual([]);
  });

  it("still reports the value's other issues next to the rule's", async () => {
    const validate = await loadOne(buildOne({}, thing));
    expect(checkValue(validate, { color: "red", size: 12.5 }, "")).toEqual([
      { pointer: "/size", message: "12.5 is too large for a red thing; red things are at most 10" },
      { pointer: "/size", message: "must be an integer" },
    ]);
  });

  it("is refused where it cannot mean anything, naming the spot", () => {
    expect(problemOf({ field: "size" }).pointer).toBe("/s/x-rule/message");
    expect(problemOf({ message: "" }).pointer).toBe("/s/x-rule/message");
    expect(problemOf({ message: "m", field: 3 }).pointer).toBe("/s/x-rule/field");
    expect(problemOf({ message: "m", hint: "h" }).pointer).toBe("/s/x-rule");
    expect(problemOf({ message: "m" }, { if: {} }).problem).toBe(
      "belongs next to an if and a then (and no else)",
    );
    expect(problemOf({ message: "m" }, { if: {}, [THEN]: {}, else: {} }).pointer).toBe("/s/x-rule");
  });
});
