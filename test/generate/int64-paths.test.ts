import { describe, expect, it } from "vitest";
import { indexerOperations } from "../../generated/indexer/operations.js";
import { walletOperations } from "../../generated/wallet/operations.js";
import { findInt64Paths } from "../../scripts/generate/field-paths.js";
import { loadSpec } from "../../scripts/generate/load-spec.js";
import { responseInt64 } from "../support/spec-validators.js";
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

  it("the generated operation modules carry them for the real specs (TON logical times and amounts, TRON amounts)", async () => {
    const actions = await responseInt64(indexerOperations.getActions, 200);
    expect(actions).toContainEqual(["actions", "*", "start_lt"]);
    // Wider formats are read as bigints too: a jetton balance (uint120), an NFT index (uint256).
    expect(await responseInt64(indexerOperations.getJettonWallets, 200)).toContainEqual([
      "jetton_wallets",
      "*",
      "balance",
    ]);
    expect(await responseInt64(indexerOperations.getNftItems, 200)).toContainEqual([
      "nft_items",
      "*",
      "index",
    ]);
    const token = await responseInt64(walletOperations.getAssetIssueById, 200);
    expect(token).toContainEqual(["total_supply"]);
  });
});
