/**
 * The released versions of chainkit's own specs, for the changelog pages: each git tag of the
 * repository (in version order) at which the spec exists. A checkout without tags, or without git,
 * has none, and the portal then has no changelog.
 */
import { execFileSync } from "node:child_process";
import { isObject } from "../generate/json.js";
import { parseSpecFile } from "../generate/load-spec.js";
import type { SpecVersion } from "./changelog-page.js";

/**
 * The repository's tags, oldest version first (`git tag --sort=v:refname`: v1.9.0 before v1.10.0).
 *
 * @param root - Repository root.
 * @returns The tags; none when `root` is not a git checkout or git is missing.
 * @example gitTags(process.cwd()) // ["v0.1.0", "v0.2.0"]
 */
export function gitTags(root: string): string[] {
  const listed = git(root, ["tag", "--list", "--sort=v:refname"]);
  return listed === undefined ? [] : listed.split("\n").filter((tag) => tag !== "");
}

/**
 * One spec at each tag where it exists and parses.
 *
 * @param root - Repository root.
 * @param specFile - The spec, relative to the root (`specs/platform.openapi.yaml`).
 * @param tags - From {@link gitTags}.
 * @returns The versions, oldest first.
 * @example tagVersions(root, "specs/evm.openrpc.yaml", gitTags(root))
 */
export function tagVersions(root: string, specFile: string, tags: readonly string[]): SpecVersion[] {
  const versions: SpecVersion[] = [];
  for (const tag of tags) {
    const text = git(root, ["show", `${tag}:${specFile}`]);
    // A tag from before the spec existed, or with a spec the generator's parser refuses, has nothing to compare.
    if (text === undefined) continue;
    try {
      const doc = parseSpecFile(`${tag}:${specFile}`, text);
      if (isObject(doc)) versions.push({ name: tag, doc });
    } catch {}
  }
  return versions;
}

function git(root: string, args: readonly string[]): string | undefined {
  try {
    return execFileSync("git", ["-C", root, ...args], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      maxBuffer: 256 * 1024 * 1024,
    });
  } catch {
    return undefined;
  }
}
