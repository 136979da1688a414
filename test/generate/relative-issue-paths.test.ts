import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../scripts/generate/json.js";
import { pathsOnFailure } from "../../scripts/generate/relative-issue-paths.js";
import type { ValidationIssue } from "../../src/runtime/operation.js";
import { checkValue } from "../../src/runtime/validation/field-issues.js";
import { buildOne, loadOne } from "./support.js";

/** A block of transactions, each a $ref whose fields are $refs too, and a oneOf of $refs per transaction. */
const doc: JsonObject = {
  components: {
    schemas: {
      Hash: { type: "string", pattern: "^0x[0-9a-f]{4}$" },
      Quantity: { type: "string", pattern: "^0x[0-9a-f]+$" },
      Transfer: {
        type: "object",
        required: ["to"],
        properties: {
          to: { $ref: "#/components/schemas/Hash" },
          value: { $ref: "#/components/schemas/Quantity" },
        },
      },
      Call: {
        type: "object",
        required: ["data"],
        properties: { data: { $ref: "#/components/schemas/Quantity" } },
      },
      Transaction: {
        type: "object",
        required: ["hash", "action"],
        properties: {
          hash: { $ref: "#/components/schemas/Hash" },
          action: {
            oneOf: [{ $ref: "#/components/schemas/Transfer" }, { $ref: "#/components/schemas/Call" }],
          },
        },
      },
      Block: {
        type: "object",
        properties: { transactions: { type: "array", items: { $ref: "#/components/schemas/Transaction" } } },
      },
    },
  },
};
const block: JsonObject = { $ref: "#/components/schemas/Block" };
const transaction = (hash: string, action: unknown) => ({ hash, action });

describe("validators build a called validator's path only when it fails", () => {
  it("calls the validators it refers to with the value alone", () => {
    const { js, chunks } = buildOne(doc, block);
    const code = [js, ...chunks.map((chunk) => chunk.js)].join("\n");
    expect(code).toMatch(
      /addIssuesAt\(vErrors, validate\d+\.errors, instancePath\+"\/transactions\/" \+ i0\)/,
    );
    expect(code).not.toMatch(/validate\d+\([^()]*, \{instancePath:/);
    expect(code).not.toMatch(/\{instancePath=""\}=\{\}/);
  });

  it("leaves a call that also passes the parent (metamask's OpenRPC spec has them) as ajv wrote it", () => {
    const call =
      'if(!(validate41(data.chainId, {instancePath:instancePath+"/chainId",parentData:data,parentDataProperty:"chainId",rootData}))){\nvErrors = addIssues(vErrors, validate41.errors);';
    expect(pathsOnFailure(call)).toBe(call);
  });

  it("names each failing field by its whole path, in nested $refs, arrays and a oneOf's branches", async () => {
    const validate = await loadOne(buildOne(doc, block));
    const good = {
      transactions: [
        transaction("0xabcd", { to: "0x1234", value: "0x1" }),
        transaction("0x0000", { data: "0xff" }),
      ],
    };
    expect(validate(good)).toBe(true);
    const bad = {
      transactions: [
        transaction("0xabcd", { to: "0x1234" }),
        transaction("0xabcg", { data: "0xff" }),
        transaction("0xabcd", { to: "0x12", value: "0x1" }),
      ],
    };
    expect(validate(bad)).toBe(false);
    const [hash, action, ...rest] = validate.errors ?? [];
    expect(rest).toEqual([]);
    expect([hash?.instancePath, hash?.keyword]).toEqual(["/transactions/1/hash", "pattern"]);
    expect([action?.instancePath, action?.keyword]).toEqual(["/transactions/2/action", "oneOf"]);
    const branches = action?.params.branches as ValidationIssue[][];
    expect(branches.map((branch) => branch.map((issue) => [issue.instancePath, issue.keyword]))).toEqual([
      [["/transactions/2/action/to", "pattern"]],
      [["/transactions/2/action", "required"]],
    ]);
    expect(checkValue(validate, bad, "")).toEqual([
      { pointer: "/transactions/1/hash", message: expect.stringContaining("hex") },
      { pointer: "/transactions/2/action/to", message: expect.stringContaining("hex") },
    ]);
  });

  it("gives the same paths call after call (an issue list is placed once, never twice)", async () => {
    const validate = await loadOne(buildOne(doc, block));
    for (let round = 0; round < 3; round++) {
      expect(
        validate({
          transactions: [transaction("0xabcd", { data: "0x" }), transaction("nope", { data: "0x1" })],
        }),
      ).toBe(false);
      expect(validate.errors?.map((issue) => issue.instancePath)).toEqual([
        "/transactions/0/action",
        "/transactions/1/hash",
      ]);
    }
  });

  it("rewrites only a call followed by the take-over of that validator's issues", () => {
    const call = [
      'if(!(validate61(data.fee, {instancePath:instancePath+"/fee"}))){',
      "vErrors = addIssues(vErrors, validate61.errors);",
    ].join("\n");
    expect(pathsOnFailure(call)).toBe(
      'if(!(validate61(data.fee))){\nvErrors = addIssuesAt(vErrors, validate61.errors, instancePath+"/fee");',
    );
    const other = call.replace("validate61.errors", "validate62.errors");
    expect(pathsOnFailure(other)).toBe(other);
  });
});
