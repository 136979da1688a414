/**
 * `chainkit docs --serve` started by a launcher (npx, npm, a shell) stops serving when the launcher is
 * killed without a chance to pass a signal on, as the sandbox does.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { freePortBase, root } from "./support/cli-process.js";

let launcher: ChildProcess | undefined;

beforeAll(() => {
  // The portal is built by `npm run generate` (postgenerate); build it when this checkout has none.
  if (!existsSync(join(root, "site/index.html"))) {
    execFileSync(process.execPath, ["--import", "tsx", "scripts/docs/main.ts"], {
      cwd: root,
      stdio: "ignore",
    });
  }
}, 60_000);

afterEach(() => {
  // Only matters when the test failed: the launcher's whole process group goes, server included.
  if (launcher?.pid !== undefined) {
    try {
      process.kill(-launcher.pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
  launcher = undefined;
});

/** Whether the portal stops answering within a bounded number of tries (no timing is asserted). */
async function stopped(url: string): Promise<boolean> {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(1_000) });
    } catch {
      return true;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

describe("chainkit docs --serve", () => {
  it("stops serving when the process that started it is killed with SIGKILL", async () => {
    const port = await freePortBase(1);
    // `; exit` keeps the shell as the parent instead of letting it exec the command.
    const command = `"${process.execPath}" --import tsx src/cli/main.ts docs --serve --port ${port}; exit`;
    // A process group of its own, so a failed test can stop the server with the launcher.
    launcher = spawn("sh", ["-c", command], { cwd: root, stdio: ["ignore", "pipe", "pipe"], detached: true });
    const line = await new Promise<string>((resolve, reject) => {
      let output = "";
      launcher?.stdout?.on("data", (chunk: Buffer) => {
        output += chunk.toString("utf8");
        if (output.includes("\n")) resolve(output);
      });
      launcher?.once("exit", (code) => reject(new Error(`exited with ${code} before serving`)));
    });
    const portalUrl = /https?:\/\/\S+/.exec(line)?.[0];
    if (portalUrl === undefined) throw new Error(`no URL in ${line}`);
    expect((await fetch(portalUrl)).status).toBe(200);
    launcher.kill("SIGKILL");
    expect(await stopped(portalUrl)).toBe(true);
  }, 60_000);
});
