import { describe, expect, it } from "vitest";
import { groupAlternativeIssues } from "../../scripts/generate/alternative-issues.js";
import type { JsonObject } from "../../scripts/generate/json.js";
import type { ValidationIssue } from "../../src/runtime/operation.js";
import { checkValue } from "../../src/runtime/validation/field-issues.js";
import { buildOne, loadOne } from "./support.js";

/** A spec whose component is used as a branch, so its issues come from another function. */
const doc: JsonObject = {
  components: {
    schemas: {
      Block: {
        type: "object",
        required: ["hash", "number"],
        properties: { hash: { type: "string", pattern: "^0x[0-9a-f]{4}$" }, number: { type: "integer" } },
      },
    },
  },
};

const blockOrNull: JsonObject = { oneOf: [{ $ref: "#/components/schemas/Block" }, { type: "null" }] };

describe("oneOf/anyOf keep each branch's issues apart", () => {
  it("a failed compound carries one list of issues per branch, in branch order", async () => {
    const validate = await loadOne(buildOne(doc, blockOrNull));
    expect(validate({ hash: "0x12" })).toBe(false);
    const [compound, ...rest] = validate.errors ?? [];
    expect(rest).toEqual([]);
    expect(compound?.keyword).toBe("oneOf");
    const branches = compound?.params.branches as ValidationIssue[][];
    expect(branches.map((branch) => branch.map((issue) => [issue.instancePath, issue.keyword]))).toEqual([
      [
        ["", "required"],
        ["/hash", "pattern"],
      ],
      [["", "type"]],
    ]);
  });

  it("valid data still passes, and nested compounds report their own closest branch", async () => {
    const list: JsonObject = { type: "array", items: { anyOf: [{ type: "string" }, blockOrNull] } };
    const validate = await loadOne(buildOne(doc, list));
    expect(validate(["a", null, { hash: "0xabcd", number: 1 }])).toBe(true);
    expect(checkValue(validate, ["a", { hash: "0xab", number: 1 }], "")).toEqual([
      { pointer: "/1/hash", message: "must be hex of 2 bytes: 0x and 4 hex digits" },
    ]);
    expect(checkValue(validate, [7], "")).toEqual([
      { pointer: "/0", message: "must be a string, an object or null" },
    ]);
  });

  it("refuses code whose compound issue has no branch before it, rather than guess", () => {
    const issue =
      'vErrors = addIssue(vErrors, {instancePath,schemaPath:"#/oneOf",keyword:"oneOf",params:{passingSchemas: passing0}});\nerrors++;';
    expect(() => groupAlternativeIssues(`function validate1(data){\n${issue}\n}\n`)).toThrow(/no branches/);
  });
});
