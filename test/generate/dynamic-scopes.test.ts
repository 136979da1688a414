import { describe, expect, it } from "vitest";
import type { Validator } from "../../src/runtime/operation.js";
import { buildOne, loadOne } from "./support.js";

/** A spec whose one component is a base object extended through allOf. */
function specWith(extended: Record<string, unknown>) {
  return {
    components: {
      schemas: {
        Base: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
        Extended: { allOf: [{ $ref: "#/components/schemas/Base" }], ...extended },
      },
    },
  };
}

/** Builds the validators of `Extended` and loads them as the generated module would be. */
async function extendedValidator(
  extended: Record<string, unknown>,
): Promise<{ code: string; validate: Validator }> {
  const built = buildOne(specWith(extended), { $ref: "#/components/schemas/Extended" });
  return { code: built.js, validate: await loadOne(built) };
}

describe("evaluated-property tracking in the generated validators", () => {
  it("is left out when no schema needs it", async () => {
    const { code, validate } = await extendedValidator({ properties: { name: { type: "string" } } });
    expect(code).not.toContain("evaluated");
    expect(code).not.toContain("dynamicAnchors");
    expect(validate({ id: "a", name: "b", other: 1 })).toBe(true);
    expect(validate({ id: "a", name: 2 })).toBe(false);
  });

  it("is kept for unevaluatedProperties, which sees through allOf and $ref", async () => {
    const { code, validate } = await extendedValidator({
      properties: { name: { type: "string" } },
      unevaluatedProperties: false,
    });
    expect(code).toContain("evaluated");
    expect(validate({ id: "a", name: "b" }), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ id: "a", name: "b", other: 1 })).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({
      keyword: "unevaluatedProperties",
      params: { unevaluatedProperty: "other" },
    });
  });
});
