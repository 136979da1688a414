import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createDriftChecker } from "../../../src/toolkit/drift/drift-checker.js";
import { loadDriftSpec } from "../../../src/toolkit/drift/load-drift-spec.js";

const spec = join(import.meta.dirname, "../../fixtures/drift/pets.openapi.yaml");

describe("a oneOf with a discriminator", () => {
  it("reports the branch the discriminator names, not the branch that came closest", async () => {
    const checker = createDriftChecker(await loadDriftSpec({ spec }));
    // As a Cat this fails once (petType); as the Dog it says it is, twice (bark, tail).
    const { records } = checker.check({
      method: "GET",
      target: "/pets/7",
      requestHeaders: {},
      requestBody: "",
      status: 200,
      responseHeaders: { "content-type": "application/json" },
      responseBody: JSON.stringify({ petType: "dog", name: "Rex", bark: "loud", tail: 3 }),
    });
    expect(records.map(({ pointer, rule }) => ({ pointer, rule }))).toEqual([
      { pointer: "/bark", rule: "type" },
      { pointer: "/tail", rule: "type" },
    ]);
  }, 120_000);
});
