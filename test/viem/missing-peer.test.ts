import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../", import.meta.url));
const hide = fileURLToPath(new URL("../fixtures/optional-peer/hide-packages.mjs", import.meta.url));

describe("chainkit/viem without viem installed", () => {
  it("says to install viem (a MissingPeerError), and chainkit/evm does not need it", async () => {
    const code = `
      const evm = await import("./src/evm.ts");
      console.log("evm entry", typeof evm.createEvmClient);
      try { await import("./src/viem.ts"); } catch (error) { console.log(error.name, error.message); }`;
    const stdout = await new Promise<string>((resolve) => {
      execFile(
        process.execPath,
        ["--import", "tsx", "--import", hide, "--input-type=module", "-e", code],
        { cwd: root, env: { ...process.env, CHAINKIT_HIDDEN_PACKAGES: "viem" }, timeout: 60_000 },
        (_error, out) => resolve(out),
      );
    });
    expect(stdout).toContain("evm entry function");
    expect(stdout).toContain("MissingPeerError chainkit/viem needs the package viem");
    expect(stdout).toContain("Run: npm install viem");
  }, 60_000);
});
