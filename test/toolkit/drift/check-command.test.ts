import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../../../src/sandbox/index.js";
import { runCli } from "../../cli/support/cli-process.js";

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 5 });
}, 60_000);

afterAll(async () => {
  await sandbox?.close();
});

describe("chainkit check", () => {
  it("runs the EVM surface's read methods with the spec's examples against a node, sending no write", async () => {
    const run = await runCli([
      "check",
      "evm",
      "--target",
      sandbox.urls.evm,
      "--token",
      sandbox.credentials.nodeToken,
      "--format",
      "json",
    ]);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as {
      exchanges: number;
      findings: { operation: string; rule: string }[];
    };
    expect(report.exchanges).toBeGreaterThan(10);
    // Each method is sent its example's params (the pairings and their params are $refs), which the
    // sandbox answers as the spec says: a request sent with no params would be a finding of its own.
    expect(report.findings).toEqual([]);
    expect(run.stderr).toContain("skipped eth_sendRawTransaction: changes state");
    expect(run.stdout).not.toContain(sandbox.credentials.nodeToken);
  }, 120_000);
});
