/**
 * `git:<ref>:<path>` versions of a multi-file spec: the files its `$ref`s name are read at the same
 * ref as its root, in a real git repository made for the test.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diffSpecs } from "../../../src/toolkit/diff/index.js";

const shop = join(import.meta.dirname, "../../fixtures/generate-command/shop");
let repo: string;

function git(...args: string[]): void {
  execFileSync("git", ["-c", "user.name=test", "-c", "user.email=test@example.com", ...args], {
    cwd: repo,
    stdio: "ignore",
  });
}

beforeAll(() => {
  repo = mkdtempSync(join(tmpdir(), "chainkit-diff-git-"));
  git("init", "-q");
  cpSync(shop, join(repo, "specs/shop"), { recursive: true });
  git("add", ".");
  git("commit", "-qm", "v1");
  // The second version changes only the referenced file: the item's `note` is gone from the answer.
  const item = join(repo, "specs/shop/schemas/item.yaml");
  writeFileSync(item, readFileSync(item, "utf8").replace(/ {2}note:\n(?: {4}.*\n)+/, ""));
  git("commit", "-qam", "v2");
});

afterAll(() => rmSync(repo, { recursive: true, force: true }));

describe("git:<ref>:<path> of a multi-file spec", () => {
  it("reads the referenced files at the same ref, so a change in one of them is found", async () => {
    const diff = await diffSpecs("git:HEAD~1:specs/shop/shop.yaml", "git:HEAD:specs/shop/shop.yaml", repo);
    const found = diff.changes
      .filter((change) => change.area !== "info")
      .map((change) => [change.operation, change.rule, change.severity]);
    expect(found).toContainEqual(["GET /items/{itemId}", "response-property-removed", "breaking"]);
    expect(diff.bump).toBe("major");
  }, 120_000);

  it("takes ./ paths from the working directory, and compares a ref with the file on disk", async () => {
    const diff = await diffSpecs("git:HEAD~1:./shop.yaml", "shop.yaml", join(repo, "specs/shop"));
    expect(diff.changes.map((change) => change.rule)).toContain("response-property-removed");
    const same = await diffSpecs("git:HEAD:./shop.yaml", "shop.yaml", join(repo, "specs/shop"));
    expect(same.changes.filter((change) => change.area !== "info")).toEqual([]);
  }, 120_000);
});
