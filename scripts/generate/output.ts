import { mkdir, readdir, readFile, rm, rmdir, writeFile } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";

/** What writing (or checking) one output folder found. */
export interface OutputChanges {
  /** Files whose content differs or that do not exist yet. */
  changed: string[];
  /** Files in the folder (or its subfolders) the generator no longer produces. */
  stale: string[];
}

/**
 * Brings `dir` in line with `files`: writes files whose content differs and removes files the
 * generator no longer emits, in subfolders too (then subfolders left empty). Unchanged files are
 * not touched. In check mode nothing is written.
 *
 * @param dir - The surface's output folder, e.g. `generated/platform`.
 * @param files - Path relative to `dir` (`/`-separated, e.g. `validators/getNode.js`) → content.
 * @param check - Only report what would change.
 * @returns The paths (joined with `dir`) that changed or would change.
 */
export async function syncFolder(
  dir: string,
  files: ReadonlyMap<string, string>,
  check: boolean,
): Promise<OutputChanges> {
  const existing = await listFiles(dir);
  const changed: string[] = [];
  for (const [name, content] of files) {
    const path = join(dir, name);
    const current = await readFile(path, "utf8").catch(() => undefined);
    if (current === content) continue;
    changed.push(path);
    if (!check) {
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, content);
    }
  }
  const stale = existing.filter((name) => !files.has(name)).map((name) => join(dir, name));
  if (!check) {
    for (const path of stale) await rm(path, { recursive: true });
    await removeEmptyFolders(dir);
  }
  return { changed, stale };
}

/** Every file below `dir`, as `/`-separated paths relative to it; none when `dir` does not exist. */
async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => !entry.isDirectory())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .sort();
}

/** Removes the subfolders of `dir` that hold nothing any more (deepest first). */
async function removeEmptyFolders(dir: string): Promise<void> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const folders = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort((a, b) => b.length - a.length);
  for (const folder of folders) {
    if ((await readdir(folder)).length === 0) await rmdir(folder);
  }
}
