import { describe, expect, it } from "vitest";
import { diffSpecs } from "../../../src/toolkit/diff/index.js";

const fixture = (name: string) => `test/fixtures/spec-diff/${name}`;

/** Each pair of consecutive public versions (test/fixtures/spec-diff/SOURCES.md) and its expected report. */
const pairs: [pair: string, bump: string, changes: [operation: string, rule: string, severity: string][]][] =
  [
    ["lotus-eth-basefee", "minor", [["Filecoin.EthBaseFee", "method-added", "non-breaking"]]],
    ["lotus-deal-ids", "major", [["Filecoin.StateSectorGetInfo", "response-property-removed", "breaking"]]],
    ["lotus-nv29", "minor", [["Filecoin.StateGetNetworkParams", "response-property-added", "non-breaking"]]],
    [
      "eth-e9cec412",
      "major",
      [
        ["eth_getUncleCountByBlockHash", "method-removed", "breaking"],
        ["eth_getUncleCountByBlockNumber", "method-removed", "breaking"],
      ],
    ],
    [
      "eth-f46158fc",
      "major",
      [
        ["eth_getBlockAccessList", "method-error-code-removed", "breaking"],
        ["eth_getBlockAccessList", "method-error-code-added", "non-breaking"],
        ["eth_getBlockByHash", "response-property-added", "non-breaking"],
        ["eth_getBlockByNumber", "response-property-added", "non-breaking"],
        ["eth_simulateV1", "response-property-added", "non-breaking"],
        ["eth_getBlockAccessList", "response-property-pattern-changed", "info"],
        ["eth_getBlockAccessList", "response-property-pattern-changed", "info"],
        ["eth_getBlockAccessList", "response-property-pattern-changed", "info"],
        ["eth_getBlockAccessList", "response-property-pattern-changed", "info"],
      ],
    ],
  ];

describe("chainkit diff on real spec histories", () => {
  it.each(pairs)(
    "%s",
    async (pair, bump, expected) => {
      const diff = await diffSpecs(fixture(`${pair}.old.json`), fixture(`${pair}.new.json`));
      expect(diff.bump).toBe(bump);
      const found = diff.changes
        .filter((change) => change.area !== "info")
        .map((change) => [change.operation, change.rule, change.severity]);
      expect(found).toEqual(expected);
    },
    120_000,
  );

  it("stripe-107afb55: the exchange_rates schema renamed exchange_rate: the rename is silent, its object enum and the operationIds are not", async () => {
    const diff = await diffSpecs(fixture("stripe-107afb55.old.json"), fixture("stripe-107afb55.new.json"));
    expect(diff.bump).toBe("major");
    const found = diff.changes
      .filter((change) => change.area !== "info")
      .map((change) => [change.operation, change.rule, change.severity]);
    expect(found).toEqual([
      ["GET /v1/exchange_rates", "operation-id-changed", "breaking"],
      ["GET /v1/exchange_rates", "response-property-enum-value-added", "breaking"],
      ["GET /v1/exchange_rates/{currency}", "operation-id-changed", "breaking"],
      ["GET /v1/exchange_rates/{currency}", "response-property-enum-value-added", "breaking"],
      ["GET /v1/exchange_rates", "response-property-enum-value-removed", "non-breaking"],
      ["GET /v1/exchange_rates/{currency}", "response-property-enum-value-removed", "non-breaking"],
    ]);
    // The schema's new name alone changes nothing on the wire: no change names it.
    expect(diff.changes.some((change) => /schema.*(renamed|removed|added)/.test(change.rule))).toBe(false);
    // GET /v1/balance is in both versions unchanged.
    expect(diff.changes.some((change) => change.operation === "GET /v1/balance")).toBe(false);
  }, 120_000);

  it("eth-86f3a416: the pruned-history error 4444 is new on every method that reads old blocks", async () => {
    const diff = await diffSpecs(fixture("eth-86f3a416.old.json"), fixture("eth-86f3a416.new.json"));
    expect(diff.bump).toBe("minor");
    expect(new Set(diff.changes.map((change) => change.rule))).toEqual(new Set(["method-error-code-added"]));
    expect(diff.changes.map((change) => change.operation)).toContain("eth_getLogs");
    expect(diff.changes.every((change) => change.message === "error code 4444 is new")).toBe(true);
  }, 120_000);
});
