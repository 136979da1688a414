import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { evmMethods } from "../../generated/evm/operations.js";
import { exchangeOperations } from "../../generated/exchange/operations.js";
import { indexerOperations } from "../../generated/indexer/operations.js";
import { platformOperations } from "../../generated/platform/operations.js";
import { walletOperations } from "../../generated/wallet/operations.js";
import { repoRoot } from "./support.js";

/**
 * What a descriptor may hold up front: what it takes to send a request, and the import of its module.
 * Validators, int64 and secret positions and response statuses belong in that module; a descriptor
 * carrying any of them makes every entry grow with its operations' schemas.
 */
const REST_KEYS = [
  "id",
  "method",
  "path",
  "idempotent",
  "validators",
  "paging",
  // How a request or answer that is not JSON travels, and non-default parameter styles.
  "requestMedia",
  "responseKind",
  "accept",
  "styles",
];
const RPC_KEYS = ["name", "idempotent", "validators"];

const REST_SURFACES = {
  platform: platformOperations,
  exchange: exchangeOperations,
  wallet: walletOperations,
  indexer: indexerOperations,
};

/** Every value a descriptor holds besides its loader: strings, booleans, and the small paging and style records. */
function isEssential(key: string, value: unknown): boolean {
  if (key === "validators") return typeof value === "function";
  if (key === "paging" || key === "styles") return JSON.stringify(value).length < 200;
  return typeof value === "string" || typeof value === "boolean";
}

describe("a generated descriptor holds only the request's essentials", () => {
  it.each(Object.entries(REST_SURFACES))(
    "%s: id, method, path, idempotent, its module's import (and paging)",
    (_, operations) => {
      for (const [id, operation] of Object.entries(operations)) {
        for (const [key, value] of Object.entries(operation)) {
          expect(REST_KEYS, `${id}.${key}`).toContain(key);
          expect(isEssential(key, value), `${id}.${key}`).toBe(true);
        }
      }
    },
  );

  it("evm: name, idempotent, its module's import", () => {
    for (const [name, method] of Object.entries(evmMethods)) {
      for (const [key, value] of Object.entries(method)) {
        expect(RPC_KEYS, `${name}.${key}`).toContain(key);
        expect(isEssential(key, value), `${name}.${key}`).toBe(true);
      }
    }
  });

  it("the descriptors' source stays under 300 bytes an operation, the wallet's and indexer's int64-heavy ones too", async () => {
    const counts = {
      ...Object.fromEntries(Object.entries(REST_SURFACES).map(([s, o]) => [s, Object.keys(o).length])),
      evm: Object.keys(evmMethods).length,
    };
    for (const [surface, count] of Object.entries(counts)) {
      const source = await readFile(join(repoRoot, "generated", surface, "operations.ts"), "utf8");
      // Only the frozen record: the operation-id union above it is types, gone once compiled.
      const record = source.slice(source.indexOf("export const"));
      expect(record.length / count, surface).toBeLessThan(300);
      expect(record, surface).not.toMatch(/int64|secrets|responses|validate\b/);
    }
  });
});
