import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { specChangesSince } from "../../../src/toolkit/diff/changed-specs.js";

const repo = mkdtempSync(join(tmpdir(), "chainkit-generate-summary-"));
afterAll(() => rmSync(repo, { recursive: true, force: true }));
const git = (...args: string[]) =>
  execFileSync("git", ["-C", repo, "-c", "user.name=t", "-c", "user.email=t@t", ...args], {
    encoding: "utf8",
  });

const specFile = "specs/wallet.openapi.yaml";
const original = readFileSync(specFile, "utf8");

describe("npm run generate's summary of spec changes", () => {
  it("prints nothing when the specs are as committed, and each changed spec's verdict otherwise", async () => {
    git("init", "-q");
    mkdirSync(join(repo, "specs"));
    writeFileSync(join(repo, specFile), original);
    git("add", ".");
    git("commit", "-qm", "v1");
    expect(await specChangesSince(repo, [specFile, "specs/absent.yaml"], "HEAD")).toEqual([]);

    // Rename the first operation: the generated client's method goes, so it is breaking.
    const edited = original.replace(/(\n\s+operationId: )(\w+)/, "$1$2Renamed");
    expect(edited).not.toBe(original);
    writeFileSync(join(repo, specFile), edited);
    const lines = await specChangesSince(repo, [specFile], "HEAD");
    expect(lines[0]).toMatch(
      /^specs\/wallet\.openapi\.yaml since HEAD: \d+ breaking, .*suggested bump major$/,
    );
    expect(lines.some((line) => line.startsWith("  breaking: "))).toBe(true);

    git("commit", "-qam", "v2");
    expect(await specChangesSince(repo, [specFile], "HEAD")).toEqual([]);
    expect((await specChangesSince(repo, [specFile], "HEAD~1"))[0]).toContain("since HEAD~1");
  }, 180_000);
});
