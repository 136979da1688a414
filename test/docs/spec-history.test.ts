/**
 * The changelog's released versions of chainkit's own specs: each git tag's spec, read by the
 * generator's parser (the one every command reads specs with); a tag whose spec that parser refuses
 * has nothing to compare and is passed over.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gitTags, tagVersions } from "../../scripts/docs/spec-history.js";

const root = mkdtempSync(join(tmpdir(), "chainkit-spec-history-"));
const git = (...args: string[]) =>
  execFileSync("git", ["-C", root, "-c", "user.name=t", "-c", "user.email=t@example.com", ...args]);

/** Commits `text` as the spec and tags the commit. */
function release(tag: string, text: string): void {
  writeFileSync(join(root, "api.yaml"), text);
  git("add", "api.yaml");
  git("commit", "-q", "-m", tag);
  git("tag", tag);
}

beforeAll(() => {
  git("init", "-q");
  release("v1.0.0", "openapi: 3.1.0\ninfo: { title: Notes, version: 1.0.0 }\npaths: {}\n");
  release("v1.1.0", "openapi: 3.1.0\ninfo: { title: Notes, version: 1.1.0 }\ninfo: { title: again }\n");
  release(
    "v1.2.0",
    `openapi: 3.1.0\ninfo: { title: Notes, version: 1.2.0 }\nx-deep: ${"[".repeat(300)}${"]".repeat(300)}\n`,
  );
  release("v1.10.0", '{"openapi": "3.1.0", "info": {"title": "Notes", "version": "1.10.0"}, "paths": {}}\n');
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("tagVersions", () => {
  it("reads the spec at each tag, in version order, passing over what the generator's parser refuses", () => {
    const versions = tagVersions(root, "api.yaml", gitTags(root));
    expect(
      versions.map((version) => [version.name, (version.doc.info as { version: string }).version]),
    ).toEqual([
      ["v1.0.0", "1.0.0"],
      ["v1.10.0", "1.10.0"],
    ]);
  });
});
