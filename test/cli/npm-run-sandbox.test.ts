import { type ChildProcess, spawn } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { freePortBase, root, waitForOutput } from "./support/cli-process.js";

let npm: ChildProcess | undefined;
let platformUrl: string | undefined;

afterEach(async () => {
  // Only matters when a test failed half-way: make sure no sandbox outlives it.
  npm?.kill("SIGKILL");
  npm = undefined;
  if (platformUrl !== undefined) await stopped(platformUrl);
  platformUrl = undefined;
});

/** Whether the sandbox stops answering within a bounded number of tries (no timing is asserted). */
async function stopped(url: string): Promise<boolean> {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      await fetch(`${url}/v1/organization/`, { signal: AbortSignal.timeout(1_000) });
    } catch {
      return true;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

async function startNpmRunSandbox(): Promise<string> {
  const base = await freePortBase(6);
  npm = spawn("npm", ["run", "-s", "sandbox", "--", "--json", "--port", String(base)], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const { urls } = JSON.parse(await waitForOutput(npm, /\n/)) as { urls: { platform: string } };
  platformUrl = urls.platform;
  expect((await fetch(`${platformUrl}/v1/organization/`)).status).toBe(401);
  return platformUrl;
}

describe("npm run sandbox", () => {
  for (const signal of ["SIGTERM", "SIGKILL"] as const) {
    it(`stops serving when the npm process alone gets ${signal}`, async () => {
      const url = await startNpmRunSandbox();
      npm?.kill(signal);
      expect(await stopped(url)).toBe(true);
    }, 60_000);
  }
});
