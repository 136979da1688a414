import { execFile } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePortBase, root } from "./support/cli-process.js";

const reference = readFileSync(join(root, "docs/cli.md"), "utf8");
const folder = mkdtempSync(join(tmpdir(), "chainkit-cli-docs-"));

afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The CLI reference's background-sandbox script: the `sh` block after its marker comment. */
function documentedScript(): string {
  const marker = reference.indexOf("<!-- chainkit-sandbox-script");
  const block = /```sh\n([\s\S]*?)```/.exec(reference.slice(marker));
  if (marker === -1 || !block?.[1]) throw new Error("docs/cli.md has no chainkit-sandbox-script block");
  return block[1];
}

/**
 * A scratch folder where `npx chainkit` is this checkout's command, run from source: an `npx` on
 * PATH that execs it, so `$!` is the sandbox itself, as with an installed package's bin.
 */
function scratchProject(): Record<string, string> {
  const bin = join(folder, "bin");
  mkdirSync(bin);
  symlinkSync(join(root, "node_modules"), join(folder, "node_modules"));
  const npx = join(bin, "npx");
  writeFileSync(
    npx,
    `#!/bin/sh\n[ "$1" = chainkit ] || exit 127\nshift\nexec "${process.execPath}" --import tsx "${join(root, "src/cli/main.ts")}" "$@"\n`,
  );
  chmodSync(npx, 0o755);
  return { ...process.env, PATH: `${bin}:${process.env.PATH}` } as Record<string, string>;
}

function runBash(script: string, env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile("bash", ["-c", script], { cwd: folder, env, timeout: 120_000 }, (error, stdout, stderr) => {
      const code = error ? ((error as { code?: number }).code ?? 1) : 0;
      resolve({ code: typeof code === "number" ? code : 1, stdout, stderr });
    });
  });
}

describe("the chainkit sandbox script of docs/cli.md", () => {
  it("runs as written: each call waits for the sandbox, and the sandbox stops at the end", async () => {
    const script = documentedScript();
    expect(script).toContain("--port 8500");
    // The one change: free ports instead of 8500, which a machine running tests may be using.
    const base = await freePortBase(5);
    const { code, stdout, stderr } = await runBash(
      script.replace("--port 8500", `--port ${base}`),
      scratchProject(),
    );
    expect(stderr).not.toContain("ENOENT");
    expect(code).toBe(0);
    expect(stdout).toMatch(/^"0x[0-9a-f]+"$/m);
    expect(stdout).toContain('"name": "Sandbox organization"');
    expect(stdout).toContain('"address": "TH1z27AUoXr4DJvf22nzypFH46aWXT6QME"');
    expect(stdout).toMatch(/"resting": \{\s*"oid": \d+/);

    // `kill $!` stopped the sandbox, which removes its env file as it stops.
    let stopped = false;
    for (let attempt = 0; attempt < 100 && !stopped; attempt++) {
      stopped = !existsSync(join(folder, "sandbox.env"));
      if (!stopped) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(stopped).toBe(true);
    await expect(fetch(`http://127.0.0.1:${base}/v1/organization/`)).rejects.toThrow();
  }, 120_000);
});
