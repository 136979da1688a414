import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mergedIdenticalFunctions } from "../../scripts/generate/identical-functions.js";

/** A validate function as the generator's post-processing leaves it, with `body` between its header and its end. */
const fn = (name: string, ...body: string[]) =>
  [`function ${name}(data, {instancePath=""}=atRoot){`, "let vErrors = null;", "let errors = 0;", ...body]
    .concat([`${name}.errors = vErrors;`, "return errors === 0;", "}", ""])
    .join("\n");

const typeCheck = (type: string) => [
  `if(typeof data !== "${type}"){`,
  `vErrors = issueAt(vErrors, instancePath, "type", {type: "${type}"});`,
  "errors++;",
  "}",
];

const enumCheck = (schema: string) => [
  `if(!((data === "a") || (data === "b"))){`,
  `vErrors = issueAt(vErrors, instancePath, "enum", {allowedValues: ${schema}.enum});`,
  "errors++;",
  "}",
];

const callOf = (callee: string, property: string) => [
  `if(data.${property} !== undefined){`,
  `if(!(${callee}(data.${property}))){`,
  `vErrors = addIssuesAt(vErrors, ${callee}.errors, instancePath+"/${property}");`,
  "errors = vErrors.length;",
  "}",
  "}",
];

const functionNames = (code: string) => [...code.matchAll(/^function (validate\d+)\(/gm)].map((m) => m[1]);

describe("identical validate functions written once per module", () => {
  it("keeps the first of two identical functions and points every reference at it", () => {
    const code = [
      "export const a__body = validate2;",
      "export const b__body = validate3;",
      fn("validate2", ...typeCheck("string")),
      fn("validate3", ...typeCheck("string")),
    ].join("\n");
    const { code: out, merged } = mergedIdenticalFunctions(code);
    expect([...merged]).toEqual([["validate3", "validate2"]]);
    expect(functionNames(out)).toEqual(["validate2"]);
    expect(out).toContain("export const b__body = validate2;");
    expect(out).not.toMatch(/\bvalidate3\b/);
  });

  it("merges callers once their callees are merged, and ends each chain at the function kept", () => {
    const code = [
      fn("validate1", ...typeCheck("string")),
      fn("validate2", ...typeCheck("string")),
      fn("validate5", ...callOf("validate1", "x")),
      fn("validate6", ...callOf("validate2", "x")),
      "export const top = validate6;",
    ].join("\n");
    const { code: out, merged } = mergedIdenticalFunctions(code);
    expect(merged.get("validate2")).toBe("validate1");
    expect(merged.get("validate6")).toBe("validate5");
    expect(functionNames(out)).toEqual(["validate1", "validate5"]);
    expect(out).toContain("export const top = validate5;");
  });

  it("reads a constant as what it holds: the same enum merges, another enum does not", () => {
    const code = [
      'const schema1 = {"enum":["a","b"]};',
      'const schema2 = {"enum":["a","b"]};',
      'const schema3 = {"enum":["a","c"]};',
      fn("validate1", ...enumCheck("schema1")),
      fn("validate2", ...enumCheck("schema2")),
      fn("validate3", ...enumCheck("schema3")),
    ].join("\n");
    const { code: out, merged } = mergedIdenticalFunctions(code);
    expect([...merged]).toEqual([["validate2", "validate1"]]);
    expect(functionNames(out)).toEqual(["validate1", "validate3"]);
    // The removed function's constant goes with it; the others stay.
    expect(out).not.toContain("const schema2 =");
    expect(out).toContain("const schema1 =");
    expect(out).toContain("const schema3 =");
  });

  it("joins no two functions that differ in a string, a number, a property or a callee", () => {
    const limit = (n: number) => [
      `if(data > ${n}){`,
      `vErrors = issueAt(vErrors, instancePath, "maximum", {comparison: "<=", limit: ${n}});`,
      "errors++;",
      "}",
    ];
    const code = [
      fn("validate1", ...typeCheck("string")),
      fn("validate2", ...typeCheck("number")),
      fn("validate3", ...limit(10)),
      fn("validate4", ...limit(100)),
      fn("validate5", ...callOf("validate1", "x")),
      fn("validate6", ...callOf("validate2", "x")),
      fn("validate7", ...callOf("validate1", "y")),
    ].join("\n");
    const { code: out, merged } = mergedIdenticalFunctions(code);
    expect(merged.size).toBe(0);
    expect(out).toBe(code);
  });

  it("tells a function's own name from another's: recursion into itself is not a call of its twin", () => {
    const code = [
      fn("validate1", ...callOf("validate1", "next")),
      fn("validate2", ...callOf("validate2", "next")),
      fn("validate3", ...callOf("validate1", "next")),
    ].join("\n");
    const { merged } = mergedIdenticalFunctions(code);
    // validate2 calls itself as validate1 does; validate3 calls validate1 and is not recursive.
    expect([...merged]).toEqual([["validate2", "validate1"]]);
  });

  it("rewrites no name inside a string literal or after a dot", () => {
    const named = (name: string) =>
      fn(
        name,
        "if(data.validate2 !== undefined){",
        'vErrors = issueAt(vErrors, instancePath, "const", {allowedValue: "validate2"});',
        "errors++;",
        "}",
      );
    const code = [named("validate1"), named("validate2"), "export const x = validate2;"].join("\n");
    const { code: out, merged } = mergedIdenticalFunctions(code);
    expect(merged.get("validate2")).toBe("validate1");
    expect(out).toContain("if(data.validate2 !== undefined){");
    expect(out).toContain('{allowedValue: "validate2"}');
    expect(out).toContain("export const x = validate1;");
  });

  it("merges nothing in a module whose functions publish what they evaluated", () => {
    const code = [
      fn("validate1", ...typeCheck("string")),
      "validate1.evaluated = {};",
      fn("validate2", ...typeCheck("string")),
      "validate2.evaluated = {};",
    ].join("\n");
    expect(mergedIdenticalFunctions(code)).toEqual({ code, merged: new Map() });
  });
});

describe("chainkit's generated validators", () => {
  it("repeat no function within a module", () => {
    const files = readdirSync("generated", { recursive: true, encoding: "utf8" })
      .filter((file) => /validators\/.*\.js$/.test(file))
      .map((file) => join("generated", file));
    expect(files.length).toBeGreaterThan(20);
    const repeated = files.flatMap((file) =>
      [...mergedIdenticalFunctions(readFileSync(file, "utf8")).merged].map(([name]) => `${file}: ${name}`),
    );
    expect(repeated).toEqual([]);
  });
});
