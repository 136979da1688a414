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

  it("eth-86f3a416: the pruned-history error 4444 is new on every method that reads old blocks", async () => {
    const diff = await diffSpecs(fixture("eth-86f3a416.old.json"), fixture("eth-86f3a416.new.json"));
    expect(diff.bump).toBe("minor");
    expect(new Set(diff.changes.map((change) => change.rule))).toEqual(new Set(["method-error-code-added"]));
    expect(diff.changes.map((change) => change.operation)).toContain("eth_getLogs");
    expect(diff.changes.every((change) => change.message === "error code 4444 is new")).toBe(true);
  }, 120_000);
});
