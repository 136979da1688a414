import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import * as evm from "../../generated/evm/validators.js";
import * as platform from "../../generated/platform/validators.js";
import * as wallet from "../../generated/wallet/validators.js";
import { repoRoot } from "./support.js";

async function fixture(path: string): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(join(repoRoot, "test/fixtures", path), "utf8"));
}

describe("generated validators (ajv standalone, ESM)", () => {
  it("every surface's validators.js loads as an ES module in Node", async () => {
    for (const surface of ["platform", "exchange", "evm", "wallet", "indexer"]) {
      const module = await import(join(repoRoot, "generated", surface, "validators.js"));
      const exports = Object.values(module);
      expect(exports.length, surface).toBeGreaterThan(0);
      for (const validate of exports) expect(typeof validate).toBe("function");
    }
  });

  it("RPC params tuple: accepts the real request, rejects a malformed hash and extra params", async () => {
    const vector = await fixture("evm/eth_getBlockByHash_mainnet_21925176_cancun_txhashes.json");
    const params = (vector.request as { params: unknown[] }).params;
    expect(evm.eth_getBlockByHashParams(params)).toBe(true);
    expect(evm.eth_getBlockByHashParams(["0x1234", false])).toBe(false);
    expect(evm.eth_getBlockByHashParams.errors?.[0]?.instancePath).toBe("/0");
    expect(evm.eth_getBlockByHashParams([params[0], false, "extra"])).toBe(false);
  });

  it("RPC result: accepts a real block and null, rejects a block without its hash", async () => {
    const vector = await fixture("evm/eth_getBlockByHash_mainnet_21925176_cancun_txhashes.json");
    const block = vector.result as Record<string, unknown>;
    expect(evm.eth_getBlockByHashResult(block), JSON.stringify(evm.eth_getBlockByHashResult.errors)).toBe(
      true,
    );
    expect(evm.eth_getBlockByHashResult(null)).toBe(true);
    const { hash: _hash, ...headless } = block;
    expect(evm.eth_getBlockByHashResult(headless)).toBe(false);
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
    expect(platform.createNodeBody(body), JSON.stringify(platform.createNodeBody.errors)).toBe(true);
    expect(platform.createNodeBody({ ...body, nmae: "typo" })).toBe(false);
    expect(platform.createNodeBody.errors?.some((issue) => issue.params.additionalProperty === "nmae")).toBe(
      true,
    );
  });

  it("responses accept int64 fields as the lossless parser hands them over: integer or decimal string", async () => {
    const vector = await fixture("wallet/tron_getassetissuebyid_mainnet_1002000_BTT.json");
    const token = vector.response_visible_false as Record<string, unknown>;
    const lossless = { ...token, total_supply: "990000000000000000" };
    expect(
      wallet.getAssetIssueByIdResponse200(lossless),
      JSON.stringify(wallet.getAssetIssueByIdResponse200.errors),
    ).toBe(true);
    expect(wallet.getAssetIssueByIdResponse200({ ...token, total_supply: 1000 })).toBe(true);
    expect(wallet.getAssetIssueByIdResponse200({ ...token, total_supply: "99x" })).toBe(false);
    expect(wallet.getAssetIssueByIdResponse200.errors?.[0]?.instancePath).toBe("/total_supply");
  });

  it("carry no schema prose, while a property named like an annotation is still checked", async () => {
    const evmCode = await readFile(join(repoRoot, "generated/evm/validators.js"), "utf8");
    expect(evmCode).not.toContain("Leading zeros, which some nodes send");
    expect(evmCode).not.toMatch(/"(?:title|description|examples|x-[a-z-]+)":"/);
    const vector = await fixture("wallet/tron_getassetissuebyid_mainnet_1002000_BTT.json");
    const token = vector.response_visible_false as Record<string, unknown>;
    expect(wallet.getAssetIssueByIdResponse200({ ...token, description: "a token" })).toBe(true);
    expect(wallet.getAssetIssueByIdResponse200({ ...token, description: 5 })).toBe(false);
    expect(wallet.getAssetIssueByIdResponse200.errors?.[0]?.instancePath).toBe("/description");
  });

  it("bundles for the browser with esbuild (every helper import resolved) and still validates", async () => {
    const result = await build({
      entryPoints: [join(repoRoot, "generated/platform/validators.js")],
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
    expect(bundled.getNodePath({ id: "ND-123-456-789" })).toBe(true);
    expect(bundled.createNodeBody({})).toBe(false);
  });
});
