import { describe, expect, it } from "vitest";
import { prunedSchemaConstants } from "../../scripts/generate/pruned-schema-constants.js";

const declared = (code: string, name: string) => {
  const line = code.split("\n").find((l) => l.startsWith(`const ${name} = `));
  return line === undefined ? undefined : JSON.parse(line.slice(`const ${name} = `.length, -1));
};

describe("schema constants cut down to what the checks read", () => {
  it("keeps an enum and a type read for issue params, and drops the rest of the schema", () => {
    const code = [
      'const schema1 = {"type":"object","description":"long text","properties":{"sort":{"type":"string","enum":["asc","desc"],"description":"…"},"limit":{"type":"integer"}}};',
      "issue({ allowedValues: schema1.properties.sort.enum });",
      "issue({ type: schema1.properties.limit.type });",
      "",
    ].join("\n");
    expect(declared(prunedSchemaConstants(code), "schema1")).toEqual({
      properties: { sort: { enum: ["asc", "desc"] }, limit: { type: "integer" } },
    });
  });

  it("keeps every key of properties for the own-property test, with the values other reads need", () => {
    const code = [
      'const schema2 = {"properties":{"a":{"type":"string"},"b":{"enum":[1,2]},"__proto__":{"type":"null"}}};',
      "if (!func3.call(schema2.properties, key0)) fail();",
      "issue({ allowedValues: schema2.properties.b.enum });",
      "",
    ].join("\n");
    const pruned = declared(prunedSchemaConstants(code), "schema2");
    expect(Object.keys(pruned.properties)).toEqual(["a", "b", "__proto__"]);
    expect(pruned.properties.b).toEqual({ enum: [1, 2] });
    expect(Object.hasOwn(pruned.properties, "__proto__")).toBe(true);
  });

  it("keeps array positions, a constant read whole, and drops one never read", () => {
    const code = [
      'const schema3 = {"anyOf":[{"enum":["x"]},{"enum":["y"],"title":"t"}]};',
      'const schema4 = {"enum":["kept"],"title":"whole"};',
      'const schema5 = {"type":"string"};',
      "issue(schema3.anyOf[1].enum);",
      "use(schema4);",
      "read(data.schema5);",
      "",
    ].join("\n");
    const out = prunedSchemaConstants(code);
    expect(declared(out, "schema3")).toEqual({ anyOf: [null, { enum: ["y"] }] });
    expect(declared(out, "schema4")).toEqual({ enum: ["kept"], title: "whole" });
    expect(declared(out, "schema5")).toBeUndefined();
    expect(out).toContain("read(data.schema5);");
  });

  it("leaves code without schema constants as it is", () => {
    const code = "function validate1(data) { return true; }\n";
    expect(prunedSchemaConstants(code)).toBe(code);
  });
});
