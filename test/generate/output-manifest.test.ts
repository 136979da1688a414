/**
 * `--out` deletes only what the generator wrote: a folder holding someone's files and no manifest
 * is refused untouched; files an earlier run wrote and no longer produces are removed, anything
 * else is left; a manifest edited to name a file outside the folder removes nothing.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syncFolder } from "../../scripts/generate/output.js";
import { MANIFEST_FILE, OutputFolderError } from "../../scripts/generate/output-manifest.js";
import { runCli } from "../cli/support/cli-process.js";
import { fixturePath } from "./support.js";

let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "chainkit-out-"));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

/** A folder holding `files` (relative path → content). */
async function folderWith(name: string, files: Record<string, string>): Promise<string> {
  const dir = join(scratch, name);
  for (const [path, content] of Object.entries(files)) {
    await mkdir(join(dir, path, ".."), { recursive: true });
    await writeFile(join(dir, path), content);
  }
  return dir;
}

describe("the output folder", () => {
  it("chainkit generate refuses a folder of someone's sources, and leaves every file", async () => {
    const out = await folderWith("sources", { "main.ts": "main\n", "lib/util.ts": "util\n" });
    const run = await runCli(["generate", fixturePath("mini.openapi.yaml"), "--out", out]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `${out} already holds files the generator did not write (lib/util.ts, main.ts)`,
    );
    expect(run.stderr).toContain("choose an empty or new folder for --out");
    expect(await readFile(join(out, "main.ts"), "utf8")).toBe("main\n");
    expect(await readFile(join(out, "lib/util.ts"), "utf8")).toBe("util\n");
  }, 120_000);

  it("removes what an earlier run wrote and no longer produces, and nothing else", async () => {
    const out = join(scratch, "regenerated");
    await syncFolder(
      out,
      new Map([
        ["a.ts", "a"],
        ["validators/old.js", "old"],
      ]),
      false,
    );
    await writeFile(join(out, "notes.md"), "mine\n");
    await writeFile(join(out, "validators/mine.js"), "mine\n");
    const second = await syncFolder(out, new Map([["a.ts", "a2"]]), false);
    expect(second.stale).toEqual([join(out, "validators/old.js")]);
    expect(second.foreign).toEqual([join(out, "notes.md"), join(out, "validators/mine.js")]);
    await expect(readFile(join(out, "validators/old.js"))).rejects.toThrow();
    expect(await readFile(join(out, "notes.md"), "utf8")).toBe("mine\n");
    expect(await readFile(join(out, "validators/mine.js"), "utf8")).toBe("mine\n");
    expect(JSON.parse(await readFile(join(out, MANIFEST_FILE), "utf8")).files).toEqual(["a.ts"]);
  });

  it("refuses a manifest that names a file outside the folder, removing nothing", async () => {
    const victim = await folderWith("victim", { "keep.txt": "keep\n" });
    const out = await folderWith("tampered", {
      "a.ts": "a",
      [MANIFEST_FILE]: JSON.stringify({ files: ["a.ts", "../victim/keep.txt"] }),
    });
    await expect(syncFolder(out, new Map([["b.ts", "b"]]), false)).rejects.toBeInstanceOf(OutputFolderError);
    expect(await readFile(join(victim, "keep.txt"), "utf8")).toBe("keep\n");
    expect(await readFile(join(out, "a.ts"), "utf8")).toBe("a");
  });
});
