import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exitOf, root } from "./support/cli-process.js";

// `chainkit generate --watch` in a child process, over a multi-file spec in a temp folder that the
// test edits with real file writes, as an editor saves.
const folder = mkdtempSync(join(tmpdir(), "chainkit-watch-"));
const spec = join(folder, "shop/shop.yaml");
const item = join(folder, "shop/schemas/item.yaml");
const types = join(folder, "out/types.ts");
let child: ChildProcess;
let stdout = "";
let stderr = "";

/** Waits until `pattern` appears in the output after `from` characters (stdout or stderr). */
function waitFor(stream: "stdout" | "stderr", pattern: RegExp, from: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const deadline = setTimeout(
      () => reject(new Error(`no ${pattern} on ${stream}:\n${stdout}\n${stderr}`)),
      60_000,
    );
    const look = (): void => {
      const text = (stream === "stdout" ? stdout : stderr).slice(from);
      if (!pattern.test(text)) return;
      clearTimeout(deadline);
      child.stdout?.off("data", look);
      child.stderr?.off("data", look);
      resolve(text);
    };
    child.stdout?.on("data", look);
    child.stderr?.on("data", look);
    child.once("exit", () => reject(new Error(`exited:\n${stdout}\n${stderr}`)));
    look();
  });
}

/** Saves a file as editors do: a new file renamed over the old one. */
function save(path: string, text: string): void {
  writeFileSync(`${path}.tmp`, text);
  cpSync(`${path}.tmp`, path);
  rmSync(`${path}.tmp`);
}

beforeAll(async () => {
  cpSync(join(root, "test/fixtures/generate-command/shop"), join(folder, "shop"), { recursive: true });
  child = spawn(
    process.execPath,
    ["--import", "tsx", "src/cli/main.ts", "generate", spec, "--out", join(folder, "out"), "--watch"],
    { cwd: root, stdio: ["ignore", "pipe", "pipe"] },
  );
  child.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  await waitFor("stdout", /watching /, 0);
}, 90_000);

afterAll(async () => {
  child.kill("SIGTERM");
  await exitOf(child);
  rmSync(folder, { recursive: true, force: true });
});

describe("chainkit generate --watch", () => {
  const original = readFileSync(join(root, "test/fixtures/generate-command/shop/schemas/item.yaml"), "utf8");

  it("regenerates when a referenced file is saved, printing the time, the file and what changed", async () => {
    expect(readFileSync(types, "utf8")).not.toContain("colour");
    const from = stdout.length;
    save(item, `${original}  colour:\n    type: string\n`);
    const line = await waitFor("stdout", /saved: .*\n/, from);
    expect(line).toMatch(
      /^\[\d\d:\d\d:\d\d\] schemas\/item\.yaml saved: \d+ changed \(.*types\.ts.*\) in \d+ ms/m,
    );
    expect(readFileSync(types, "utf8")).toContain("colour?: string");
  }, 90_000);

  it("prints a broken save's located error and keeps the last good output", async () => {
    const good = readFileSync(types, "utf8");
    const from = stderr.length;
    save(item, `${original}  colour:\n    type: [string\n`);
    const error = await waitFor("stderr", /last good output/, from);
    // Located: the referenced file, its line and column.
    expect(error).toMatch(
      /^\[\d\d:\d\d:\d\d\] schemas\/item\.yaml saved: .*item\.yaml(:\d+:\d+|" \(\d+:\d+\))/m,
    );
    expect(readFileSync(types, "utf8")).toBe(good);
    // The next good save generates again.
    const next = stdout.length;
    save(item, `${original}  size:\n    type: integer\n`);
    await waitFor("stdout", /item\.yaml saved: .*changed/, next);
    expect(readFileSync(types, "utf8")).toContain("size?: number");
  }, 90_000);

  it("watches a file the spec starts referencing", async () => {
    const from = stdout.length;
    save(join(folder, "shop/schemas/owner.yaml"), "type: object\nproperties:\n  login:\n    type: string\n");
    save(item, `${original}  owner:\n    $ref: ./owner.yaml\n`);
    await waitFor("stdout", /item\.yaml saved: .*changed/, from);
    const next = stdout.length;
    save(join(folder, "shop/schemas/owner.yaml"), "type: object\nproperties:\n  handle:\n    type: string\n");
    await waitFor("stdout", /owner\.yaml saved: .*changed/, next);
    expect(readFileSync(types, "utf8")).toContain("handle?: string");
  }, 90_000);
});
