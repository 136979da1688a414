import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../scripts/generate/json.js";
import { SpecError } from "../../scripts/generate/spec-error.js";
import { VALIDATORS_EXTENSION } from "../../scripts/generate/validators.js";
import { buildOne } from "./support.js";

/** A spec whose one export refers to the same component twice. */
function specWith(extension?: unknown): JsonObject {
  return {
    ...(extension !== undefined && { [VALIDATORS_EXTENSION]: extension as JsonObject }),
    components: { schemas: { Id: { type: "string", minLength: 3 } } },
  } as JsonObject;
}

const pair = {
  type: "object",
  properties: { from: { $ref: "#/components/schemas/Id" }, to: { $ref: "#/components/schemas/Id" } },
};

function emittedFunctions(doc: JsonObject): number {
  const { js } = buildOne(doc, pair);
  return js.match(/^function validate\d+\(/gm)?.length ?? 0;
}

describe("x-chainkit-validators.inline chooses inlined or shared component schemas", () => {
  it("without the extension, a component referenced twice is one shared function", () => {
    expect(emittedFunctions(specWith())).toBe(2);
    expect(emittedFunctions(specWith({ inline: false }))).toBe(2);
  });

  it("with inline: true, the component is copied into the export", () => {
    expect(emittedFunctions(specWith({ inline: true }))).toBe(1);
  });

  it("anything but an object with a boolean inline is a SpecError at the extension", () => {
    for (const [extension, pointer] of [
      [true, "/x-chainkit-validators"],
      [{ inlined: true }, "/x-chainkit-validators"],
      [{ inline: "yes" }, "/x-chainkit-validators/inline"],
    ] as const) {
      const build = () => emittedFunctions(specWith(extension));
      expect(build).toThrow(SpecError);
      try {
        build();
      } catch (error) {
        expect((error as SpecError).pointer).toBe(pointer);
      }
    }
  });
});
