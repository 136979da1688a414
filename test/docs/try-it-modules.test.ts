import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { evmMethods } from "../../generated/evm/operations.js";
import { exchangeOperations } from "../../generated/exchange/operations.js";
import { indexerOperations } from "../../generated/indexer/operations.js";
import { validatorModules } from "../../scripts/docs/try-it-modules.js";

const operationsTs = (surface: string) => readFileSync(`generated/${surface}/operations.ts`, "utf8");

describe("the try-it reads each operation's validators module from the generated descriptors", () => {
  it("REST: every operation, by method and path, with its pack and its export there", async () => {
    const modules = validatorModules(operationsTs("exchange"));
    expect(modules.size).toBe(Object.keys(exchangeOperations).length);
    expect(modules.get("POST /exchange#order")).toEqual({ module: "Orders", exportName: "order" });
    // The module named is the one the client's own loader imports: the same part comes back.
    const { module, exportName } = modules.get("POST /exchange#cancel") ?? { module: "" };
    const pack = (await import(`../../generated/exchange/validators/${module}.js`)) as Record<
      string,
      unknown
    >;
    expect(pack[exportName as string]).toBe(await exchangeOperations.cancel.validators());
  });

  it("REST with paging: the descriptors that carry more than the essentials are read too", () => {
    const modules = validatorModules(operationsTs("indexer"));
    expect(modules.size).toBe(Object.keys(indexerOperations).length);
    expect(modules.get("GET /api/v3/transactions")?.exportName).toBe("getTransactions");
  });

  it("JSON-RPC: every method by name", () => {
    const modules = validatorModules(operationsTs("evm"));
    expect(modules.size).toBe(Object.keys(evmMethods).length);
    expect(modules.get("eth_chainId")?.exportName).toBe("eth_chainId");
  });
});
