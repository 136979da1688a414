import { describe, expect, it } from "vitest";
import { diffSpecs } from "../../../src/toolkit/diff/index.js";
import { loadSpecSource } from "../../../src/toolkit/diff/load-source.js";
import { diffOpenApi } from "../../../src/toolkit/diff/openapi-rules.js";
import { SchemaReader } from "../../../src/toolkit/diff/schema-reader.js";

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

  // Stripe's objects reach each other through anyOf [id, expanded object]: every path through that web
  // was once walked, and this pair never finished. Each schema pair is now walked once per site.
  it("stripe-8241e4c: new fields on Stripe's mutually recursive objects are found in a bounded number of comparisons", async () => {
    const [before, after] = await Promise.all([
      loadSpecSource(fixture("stripe-8241e4c.old.json")),
      loadSpecSource(fixture("stripe-8241e4c.new.json")),
    ]);
    const work = { schemaPairs: 0 };
    const changes = diffOpenApi({
      old: new SchemaReader(before.doc),
      new: new SchemaReader(after.doc),
      work,
    });
    // 68 component schemas: each pair walked once per site (15 operations), not once per path.
    expect(work.schemaPairs).toBeGreaterThan(100);
    expect(work.schemaPairs).toBeLessThan(68 * 15 * 2);
    expect(new Set(changes.map((change) => `${change.operation} ${change.rule} ${change.severity}`))).toEqual(
      new Set([
        ...["GET", "POST", "DELETE"].flatMap((method) =>
          ["/v1/customers/{customer}", "/v1/subscriptions/{subscription_exposed_id}", "/v1/account"].map(
            (path) => `${method} ${path} response-property-added non-breaking`,
          ),
        ),
        ...["GET", "POST"].flatMap((method) =>
          ["/v1/invoices/{invoice}", "/v1/charges/{charge}/dispute"].map(
            (path) => `${method} ${path} response-property-added non-breaking`,
          ),
        ),
        "POST /v1/invoices/{invoice} request-property-added non-breaking",
        "POST /v1/subscriptions/{subscription_exposed_id} request-property-added non-breaking",
      ]),
    );
    // A field added to a shared object is named under a few of the paths that reach it, not all of them.
    const paths = new Map<string, number>();
    for (const change of changes) {
      const key = `${change.operation} ${change.rule} ${change.newPointer}`;
      paths.set(key, (paths.get(key) ?? 0) + 1);
    }
    expect(Math.max(...paths.values())).toBeLessThanOrEqual(8);
    expect(changes.some((change) => change.newPointer?.includes("/invoice/properties/") ?? false)).toBe(true);

    const diff = await diffSpecs(fixture("stripe-8241e4c.old.json"), fixture("stripe-8241e4c.new.json"));
    expect(diff.bump).toBe("minor");
    expect(diff.changes.filter((change) => change.severity === "breaking")).toEqual([]);
  }, 60_000);
});
