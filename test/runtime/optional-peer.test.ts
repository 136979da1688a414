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
    await expect(importOptionalPeer("ganache", "x", () => Promise.reject(broken))).rejects.toBe(broken);
  });

  it("makes the sandbox say to install ganache when it is missing", async () => {
    const { stdout } = await runWithout(
      "ganache",
      `import { startSandbox } from "./src/sandbox/index.ts";
       try { await startSandbox(); } catch (error) { console.log(error.name, error.message); }`,
    );
    expect(stdout).toContain("MissingPeerError The sandbox's EVM node needs the package ganache");
    expect(stdout).toContain("Run: npm install ganache");
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
