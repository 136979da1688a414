import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";

/** What writing (or checking) one output folder found. */
export interface OutputChanges {
  /** Files whose content differs or that do not exist yet. */
  changed: string[];
  /** Files in the folder the generator no longer produces. */
  stale: string[];
}

/**
 * Brings `dir` in line with `files`: writes files whose content differs and removes files the
 * generator no longer emits. Unchanged files are not touched. In check mode nothing is written.
 *
 * @param dir - The surface's output folder, e.g. `generated/platform`.
 * @param files - File name → content.
 * @param check - Only report what would change.
 * @returns The paths (joined with `dir`) that changed or would change.
 */
export async function syncFolder(
  dir: string,
  files: ReadonlyMap<string, string>,
  check: boolean,
): Promise<OutputChanges> {
  const existing = await readdir(dir).catch(() => [] as string[]);
  const changed: string[] = [];
  for (const [name, content] of files) {
    const path = join(dir, name);
    const current = await readFile(path, "utf8").catch(() => undefined);
    if (current === content) continue;
    changed.push(path);
    if (!check) {
      await mkdir(dir, { recursive: true });
      await writeFile(path, content);
    }
  }
  const stale = existing.filter((name) => !files.has(name)).map((name) => join(dir, name));
  if (!check) for (const path of stale) await rm(path, { recursive: true });
  return { changed, stale };
}
