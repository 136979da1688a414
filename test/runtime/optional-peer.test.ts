import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { MissingPeerError } from "../../src/runtime/errors/missing-peer-error.js";
import { importOptionalPeer } from "../../src/runtime/optional-peer.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const hide = fileURLToPath(new URL("../fixtures/optional-peer/hide-packages.mjs", import.meta.url));

/** Runs a module snippet in a node process where the named packages cannot be found, as if not installed. */
function runWithout(packages: string, code: string): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "--import", hide, "--input-type=module", "-e", code],
      { cwd: root, env: { ...process.env, CHAINKIT_HIDDEN_PACKAGES: packages }, timeout: 60_000 },
      (_error, stdout, stderr) => resolve({ stdout, stderr }),
    );
  });
}

describe("importOptionalPeer", () => {
  it("turns a package that is not installed into a MissingPeerError naming the npm install", async () => {
    const loading = importOptionalPeer("chainkit-no-such-peer", "This feature");
    await expect(loading).rejects.toThrow(MissingPeerError);
    await expect(loading).rejects.toThrow(
      "This feature needs the package chainkit-no-such-peer, which is not installed (it is an optional peer dependency of chainkit). Run: npm install chainkit-no-such-peer",
    );
  });

  it("passes any other failure on unchanged", async () => {
    const broken = new Error("the peer threw while loading");
    await expect(importOptionalPeer("viem", "x", () => Promise.reject(broken))).rejects.toBe(broken);
  });

  it("starts the sandbox's EVM chain without any optional peer (its engine is a regular dependency)", async () => {
    const { stdout } = await runWithout(
      "ganache,viem,@grpc/grpc-js",
      `import { startSandbox } from "./src/sandbox/index.ts";
       const sb = await startSandbox({ walletBlockMs: 0 });
       const answer = await fetch(sb.urls.evm + "/" + sb.credentials.nodeToken + "/evm", {
         method: "POST",
         body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_blockNumber" }),
       });
       console.log("head", (await answer.json()).result);
       await sb.close();`,
    );
    expect(stdout).toMatch(/head 0x[0-9a-f]+/);
  }, 60_000);

  it("makes chainkit/grpc say to install @grpc/grpc-js when it is missing", async () => {
    const { stdout } = await runWithout(
      "@grpc/grpc-js",
      `try { await import("./src/grpc.ts"); } catch (error) { console.log(error.name, error.message); }`,
    );
    expect(stdout).toContain("MissingPeerError chainkit/grpc needs the package @grpc/grpc-js");
    expect(stdout).toContain("Run: npm install @grpc/grpc-js");
  }, 60_000);
});
