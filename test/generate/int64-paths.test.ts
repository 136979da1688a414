import { describe, expect, it } from "vitest";
import { indexerOperations } from "../../generated/indexer/operations.js";
import { walletOperations } from "../../generated/wallet/operations.js";
import { findInt64Paths } from "../../scripts/generate/field-paths.js";
import { loadSpec } from "../../scripts/generate/load-spec.js";
import { requestInt64, responseInt64 } from "../support/spec-validators.js";
import { fixturePath } from "./support.js";

const doc = await loadSpec(fixturePath("mini.openapi.yaml"));

describe("int64 positions", () => {
  it("are found through $ref, allOf, oneOf, items and additionalProperties, and recursion stops", () => {
    expect(findInt64Paths(doc, { $ref: "#/components/schemas/Part" })).toEqual([
      ["history", "*", "at"],
      ["history", "*", "value"],
      ["tags", "*"],
      ["weight"],
    ]);
  });

  it("a top-level int64 is the empty path, and a schema without one has none", () => {
    expect(findInt64Paths(doc, { $ref: "#/components/schemas/Int64" })).toEqual([[]]);
    expect(findInt64Paths(doc, { $ref: "#/components/schemas/NewThing" })).toEqual([]);
    expect(
      findInt64Paths(doc, { type: "array", prefixItems: [{ type: "string" }, { format: "int64" }] }),
    ).toEqual([["1"]]);
  });

  it("the generated operation modules carry them for the real specs (TON logical times, TRON amounts)", async () => {
    const actions = await responseInt64(indexerOperations.getActions, 200);
    expect(actions).toContainEqual(["actions", "*", "start_lt"]);
    expect(await requestInt64(indexerOperations.getActions)).toContainEqual(["start_lt"]);
    const token = await responseInt64(walletOperations.getAssetIssueById, 200);
    expect(token).toContainEqual(["total_supply"]);
  });
});
