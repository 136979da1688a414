import { describe, expect, it } from "vitest";
import * as exchange from "../../generated/exchange/validators.js";
import { ADD_ISSUE, compactErrorPushes } from "../../scripts/generate/compact-errors.js";

const push = [
  `const err3 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};`,
  "if(vErrors === null){",
  "vErrors = [err3];",
  "}",
  "else {",
  "vErrors.push(err3);",
  "}",
  "errors++;",
  "",
].join("\n");

describe("compactErrorPushes", () => {
  it("turns ajv's error push into one helper call with the same error object, and appends the helper", () => {
    const code = compactErrorPushes(push);
    expect(code).toContain(
      `vErrors = ${ADD_ISSUE}(vErrors, {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"});\nerrors++;`,
    );
    expect(code).toContain(`function ${ADD_ISSUE}(issues, issue)`);
    expect(code).not.toContain("vErrors.push");
  });

  it("leaves code without error pushes as it is", () => {
    expect(compactErrorPushes("const x = 1;\n")).toBe("const x = 1;\n");
  });

  it("generated validators still report every issue, in order, with its path and message", () => {
    expect(exchange.batchModifyBody({ nonce: -1, extra: 1 })).toBe(false);
    expect(
      exchange.batchModifyBody.errors?.map((issue) => [issue.instancePath, issue.keyword, issue.message]),
    ).toEqual([
      ["", "required", "must have required property 'action'"],
      ["", "required", "must have required property 'signature'"],
      ["", "additionalProperties", "must NOT have additional properties"],
      ["/nonce", "minimum", "must be >= 0"],
    ]);
  });
});
