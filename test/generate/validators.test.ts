import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { evmMethods } from "../../generated/evm/operations.js";
import { platformOperations } from "../../generated/platform/operations.js";
import { walletOperations } from "../../generated/wallet/operations.js";
import { SURFACES } from "../../scripts/generate/surfaces.js";
import type { Validator } from "../../src/runtime/operation.js";
import { checkValue } from "../../src/runtime/validation/field-issues.js";
import { packedValidators, partsOfModule, validatorsOfModule } from "../support/spec-validators.js";
import { repoRoot } from "./support.js";

const evmBlock = await evmMethods.eth_getBlockByHash.validators();
const platformCreateBody = (await platformOperations.createNode.validators()).body as Validator;
const walletAsset = await walletOperations.getAssetIssueById.validators();
const getAssetIssueById200 = walletAsset.responses["200"]?.validate as Validator;

async function fixture(path: string): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(join(repoRoot, "test/fixtures", path), "utf8"));
}

describe("generated validators (ajv standalone, ESM)", () => {
  it("every operation's module loads as an ES module in Node, exporting validators and plain data only", async () => {
    const POSITIONS = new Set(["requestSecrets", "int64", "secrets"]);
    const isPositions = (value: unknown) =>
      Array.isArray(value) &&
      value.length > 0 &&
      value.every((path) => Array.isArray(path) && path.every((key) => typeof key === "string"));
    // `responses` by status; a WebSocket's `subscriptions` and `messages` by subscription type.
    const DESCRIPTOR_MAPS = new Set(["responses", "subscriptions", "messages"]);
    for (const { name: surface } of SURFACES) {
      const folder = join(repoRoot, "generated", surface, "validators");
      const modules = (await readdir(folder)).filter((name) => name.endsWith(".js"));
      expect(modules.length, surface).toBeGreaterThan(0);
      for (const [name, module] of (
        await Promise.all(modules.map(async (file) => partsOfModule(file, await import(join(folder, file)))))
      ).flat()) {
        expect(validatorsOfModule(module).length, name).toBeGreaterThan(0);
        for (const [key, value] of Object.entries(module)) {
          if (DESCRIPTOR_MAPS.has(key)) {
            for (const { validate, int64, convertInt64, secrets, ...rest } of Object.values(
              value as object,
            )) {
              expect(rest, name).toEqual({});
              expect(validate === undefined || typeof validate === "function", name).toBe(true);
              // The generator's converter comes with the int64 positions it was written from.
              expect(typeof convertInt64, name).toBe(int64 === undefined ? "undefined" : "function");
              for (const positions of [int64, secrets]) {
                expect(positions === undefined || isPositions(positions), name).toBe(true);
              }
            }
          } else if (POSITIONS.has(key)) {
            expect(isPositions(value), `${name} ${key}`).toBe(true);
          } else {
            expect(typeof value, `${name} ${key}`).toBe("function");
          }
        }
      }
    }
  });

  it("RPC params tuple: accepts the real request, rejects a malformed hash and extra params", async () => {
    const vector = await fixture("evm/eth_getBlockByHash_mainnet_21925176_cancun_txhashes.json");
    const params = (vector.request as { params: unknown[] }).params;
    expect(evmBlock.params(params)).toBe(true);
    expect(evmBlock.params(["0x1234", false])).toBe(false);
    expect(evmBlock.params.errors?.[0]?.instancePath).toBe("/0");
    expect(evmBlock.params([params[0], false, "extra"])).toBe(false);
  });

  it("RPC result: accepts a real block and null, rejects a block without its hash", async () => {
    const vector = await fixture("evm/eth_getBlockByHash_mainnet_21925176_cancun_txhashes.json");
    const block = vector.result as Record<string, unknown>;
    expect(evmBlock.result(block), JSON.stringify(evmBlock.result.errors)).toBe(true);
    expect(evmBlock.result(null)).toBe(true);
    const { hash: _hash, ...headless } = block;
    expect(evmBlock.result(headless)).toBe(false);
  });

  it("REST body: strict requests name the failing field", () => {
    const body = {
      name: "My node",
      network: "NW-123-456-7",
      type: "dedicated",
      role: "peer",
      provider: "aws",
      region: "us-east-1",
      configuration: {},
    };
    expect(platformCreateBody(body), JSON.stringify(platformCreateBody.errors)).toBe(true);
    expect(platformCreateBody({ ...body, nmae: "typo" })).toBe(false);
    expect(platformCreateBody.errors?.some((issue) => issue.params.additionalProperty === "nmae")).toBe(true);
  });

  it("responses accept int64 fields as the lossless parser hands them over: integer or decimal string", async () => {
    const vector = await fixture("wallet/tron_getassetissuebyid_mainnet_1002000_BTT.json");
    const token = vector.response_visible_false as Record<string, unknown>;
    const lossless = { ...token, total_supply: "990000000000000000" };
    expect(getAssetIssueById200(lossless), JSON.stringify(getAssetIssueById200.errors)).toBe(true);
    expect(getAssetIssueById200({ ...token, total_supply: 1000 })).toBe(true);
    expect(checkValue(getAssetIssueById200, { ...token, total_supply: "99x" }, "")).toEqual([
      { pointer: "/total_supply", message: "must be a whole number: digits, with an optional leading minus" },
    ]);
  });

  it("carry no schema prose, while a property named like an annotation is still checked", async () => {
    const evmCode = await readFile(
      (await packedValidators(repoRoot, "evm", "eth_getBlockByHash")).file,
      "utf8",
    );
    expect(evmCode).not.toContain("Leading zeros, which some nodes send");
    expect(evmCode).not.toMatch(/"(?:title|description|examples|x-[a-z-]+)":"/);
    const vector = await fixture("wallet/tron_getassetissuebyid_mainnet_1002000_BTT.json");
    const token = vector.response_visible_false as Record<string, unknown>;
    expect(getAssetIssueById200({ ...token, description: "a token" })).toBe(true);
    expect(checkValue(getAssetIssueById200, { ...token, description: 5 }, "")).toEqual([
      { pointer: "/description", message: "must be a string" },
    ]);
  });

  it("bundles for the browser with esbuild (every helper import resolved) and still validates", async () => {
    const result = await build({
      entryPoints: [(await packedValidators(repoRoot, "platform", "createNode")).file],
      bundle: true,
      format: "esm",
      platform: "browser",
      write: false,
      logLevel: "silent",
    });
    const code = result.outputFiles[0]?.text ?? "";
    // esbuild falls back to a runtime `require` shim for anything it could not bundle; browsers have none.
    expect(code).not.toContain("typeof require");
    const bundled = await import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`);
    expect(bundled.createNode.body({})).toBe(false);
    expect(bundled.createNode.responses["201"].validate({})).toBe(false);
  });
});
