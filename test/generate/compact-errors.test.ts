import { describe, expect, it } from "vitest";
import { exchangeOperations } from "../../generated/exchange/operations.js";
import {
  ADD_ISSUE,
  ADD_ISSUES,
  compactErrorPushes,
  ISSUE_AT,
} from "../../scripts/generate/compact-errors.js";
import type { Validator } from "../../src/runtime/operation.js";

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
  it("turns ajv's error push into one helper call with the same error object, less its schemaPath", () => {
    const code = compactErrorPushes(push);
    expect(code).toBe(
      `vErrors = ${ADD_ISSUE}(vErrors, {instancePath,keyword:"type",params:{type: "object"},message:"must be object"});\nerrors++;\n`,
    );
  });

  it("drops a schemaPath that holds a quote or a comma, and nothing after it", () => {
    const code = compactErrorPushes(
      push.replace('schemaPath:"#/type"', 'schemaPath:"#/properties/a\\",b/type"'),
    );
    expect(code).toContain(`(vErrors, {instancePath,keyword:"type",params:{type: "object"}`);
  });

  it("records an issue of instancePath, keyword and params by its parts; a failed oneOf stays an object", () => {
    const three = push.replace(',message:"must be object"', "");
    expect(compactErrorPushes(three)).toBe(
      `vErrors = ${ISSUE_AT}(vErrors, instancePath, "type", {type: "object"});\nerrors++;\n`,
    );
    const at = three.replace("{instancePath,", '{instancePath:instancePath+"/a,b",');
    expect(compactErrorPushes(at)).toContain(
      `${ISSUE_AT}(vErrors, instancePath+"/a,b", "type", {type: "object"})`,
    );
    const oneOf = three.replace(
      'keyword:"type",params:{type: "object"}',
      'keyword:"oneOf",params:{passingSchemas: passing0}',
    );
    expect(compactErrorPushes(oneOf)).toContain(
      `${ADD_ISSUE}(vErrors, {instancePath,keyword:"oneOf",params:{passingSchemas: passing0}})`,
    );
  });

  it("takes a called validator's issues over with one helper call", () => {
    const code =
      "vErrors = vErrors === null ? validate62.errors : vErrors.concat(validate62.errors);\nerrors = vErrors.length;\n";
    expect(compactErrorPushes(code)).toBe(
      `vErrors = ${ADD_ISSUES}(vErrors, validate62.errors);\nerrors = vErrors.length;\n`,
    );
  });

  it("leaves code without error pushes as it is", () => {
    expect(compactErrorPushes("const x = 1;\n")).toBe("const x = 1;\n");
  });

  it("generated validators still report every issue, in order, with its path and params", async () => {
    const body = (await exchangeOperations.batchModify.validators()).body as Validator;
    expect(body({ nonce: -1, extra: 1 })).toBe(false);
    expect(body.errors?.map((issue) => [issue.instancePath, issue.keyword, issue.params])).toEqual([
      ["", "required", { missingProperty: "action" }],
      ["", "required", { missingProperty: "signature" }],
      ["", "additionalProperties", { additionalProperty: "extra" }],
      ["/nonce", "minimum", { comparison: ">=", limit: 0 }],
    ]);
  });
});
