/**
 * The released versions of a team's spec, for `chainkit docs <spec…> --versions <dir>`: `<dir>` has
 * one folder per release (`v1.0.0/`, `v1.1.0/`, …, in version order), each holding the spec under
 * the same file name as the spec given (a multi-file spec's root, with its other files beside it).
 * Each is read by the generator's loader, as `chainkit diff` reads it.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import { loadSpecSource } from "../../src/toolkit/diff/load-source.js";
import { isObject } from "../generate/json.js";
import type { SpecVersion } from "./changelog-page.js";

/**
 * The release folders of `dir`, oldest first (numbers compared as numbers: v1.9 before v1.10).
 *
 * @example releaseFolders("released") // ["v1.0.0", "v1.1.0"]
 */
export function releaseFolders(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => statSync(join(dir, name)).isDirectory())
    .sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
}

/**
 * One spec in each release folder that has it.
 *
 * @param dir - The folder of releases.
 * @param specPath - The spec as given to `chainkit docs` (its file name is looked up in each release).
 * @returns The versions, oldest first.
 * @throws {SpecError} When a released spec is not a valid spec (its file, JSON pointer and fix).
 * @example await releasedVersions("released", "openapi.yaml")
 */
export async function releasedVersions(dir: string, specPath: string): Promise<SpecVersion[]> {
  const versions: SpecVersion[] = [];
  for (const release of releaseFolders(dir)) {
    const file = join(dir, release, basename(specPath));
    if (!existsSync(file)) continue;
    const { doc } = await loadSpecSource(file);
    if (isObject(doc)) versions.push({ name: release, doc });
  }
  return versions;
}
