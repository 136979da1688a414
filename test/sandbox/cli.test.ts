import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../", import.meta.url));
let child: ChildProcess | undefined;

afterEach(() => {
  // Only matters if a test failed half-way: stop the process group it started, if still there.
  try {
    if (child?.pid !== undefined) process.kill(-child.pid, "SIGKILL");
  } catch {
    // Already gone: the normal case.
  }
  child = undefined;
});

/** Resolves with everything printed once `pattern` appears on stdout. */
function waitForOutput(process: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = "";
    process.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
      if (pattern.test(output)) resolve(output);
    });
    process.once("exit", (code) =>
      reject(new Error(`exited with ${code} before printing ${pattern}:\n${output}`)),
    );
  });
}

describe("npm run sandbox", () => {
  it("prints the URLs and demo credentials, serves them, and stops cleanly on Ctrl-C", async () => {
    // Its own process group, so SIGINT reaches npx, tsx and node together, as Ctrl-C in a terminal does.
    child = spawn("npx", ["tsx", "src/sandbox/cli.ts", "--node-startup-ms", "0"], {
      cwd: root,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const output = await waitForOutput(child, /Press Ctrl-C to stop\./);

    const platformUrl = /platform\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
    const apiKey = /Authorization: Bearer (\S+)/.exec(output)?.[1];
    const token = /node token\s+([0-9a-f]{32})/.exec(output)?.[1];
    const evmUrl = /evm\s+(http:\/\/127\.0\.0\.1:\d+)\//.exec(output)?.[1];
    for (const surface of ["exchange", "wallet", "indexer"]) {
      expect(output).toMatch(new RegExp(`${surface}\\s+http://127\\.0\\.0\\.1:\\d+`));
    }
    expect(output).toMatch(/exchange key\s+0x[0-9a-f]{64}/);
    expect(output).toMatch(/resting order ids\s+\d+, \d+, \d+/);

    const organization = await fetch(`${platformUrl}/v1/organization/`, {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    expect(organization.status).toBe(200);
    const chainId = await fetch(`${evmUrl}/${token}/evm`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
    });
    expect(await chainId.json()).toMatchObject({ result: "0x3e7" });

    // npx itself dies of the signal (as `npm run` does on Ctrl-C); the sandbox process must stop cleanly
    // and say so. stdout closes once every process holding it has ended.
    let stopped = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      stopped += chunk.toString("utf8");
    });
    const closed = new Promise<void>((resolve) => child?.stdout?.once("close", () => resolve()));
    process.kill(-(child.pid as number), "SIGINT");
    await closed;
    expect(stopped).toContain("SIGINT: stopping the sandbox");
    expect(stopped).toContain("sandbox stopped");
    await expect(fetch(`${platformUrl}/v1/organization/`)).rejects.toThrow();
  }, 60_000);
});
