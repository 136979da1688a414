import { lstat, mkdir, readdir, readFile, realpath, rm, rmdir, writeFile } from "node:fs/promises";
import { dirname, isAbsolute, join, relative, sep } from "node:path";
import { MANIFEST_FILE, manifestText, OutputFolderError, readManifest } from "./output-manifest.js";

/** What writing (or checking) one output folder found. */
export interface OutputChanges {
  /** Files whose content differs or that do not exist yet (the manifest too). */
  changed: string[];
  /** Files an earlier run wrote that the generator no longer produces (removed unless checking). */
  stale: string[];
  /** Files in the folder the generator never wrote: left alone, and listed so a check can flag them. */
  foreign: string[];
}

/**
 * Brings `dir` in line with `files`: writes files whose content differs, and removes only the files
 * an earlier run wrote (as the folder's manifest, `output-manifest.ts`, lists them) that it no
 * longer produces, then the folders those leave empty. Unchanged files are not touched; files the
 * generator never wrote are never removed. In check mode nothing is written.
 *
 * @param dir - The output folder, e.g. `generated/platform`.
 * @param files - Path relative to `dir` (`/`-separated, e.g. `validators/getNode.js`) → content.
 * @param check - Only report what would change.
 * @returns The paths (joined with `dir`) that changed or would change.
 * @throws {OutputFolderError} When `dir` holds files but no manifest (it may be someone's sources):
 * nothing is written or removed.
 */
export async function syncFolder(
  dir: string,
  files: ReadonlyMap<string, string>,
  check: boolean,
): Promise<OutputChanges> {
  const existing = await listFiles(dir);
  const written = await readManifest(dir);
  if (written === undefined && existing.length > 0) {
    throw new OutputFolderError(
      `${dir} already holds files the generator did not write (${existing.slice(0, 3).join(", ")}${existing.length > 3 ? ", …" : ""}) and has no ${MANIFEST_FILE}: choose an empty or new folder for --out, or empty this one yourself; the generator removes only files it wrote`,
    );
  }
  const withManifest = new Map(files).set(MANIFEST_FILE, manifestText(files.keys()));
  if (!check) await mkdir(dir, { recursive: true });
  const root = await realpath(dir).catch(() => undefined);
  const changed: string[] = [];
  for (const [name, content] of withManifest) {
    const path = join(dir, name);
    if (root !== undefined) await assertInside(root, path);
    const current = await readFile(path, "utf8").catch(() => undefined);
    if (current === content) continue;
    changed.push(path);
    if (!check) {
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, content);
    }
  }
  const present = new Set(existing);
  const stale = [...(written ?? [])].filter((name) => !files.has(name) && present.has(name));
  const foreign = existing.filter(
    (name) => name !== MANIFEST_FILE && !files.has(name) && !written?.has(name),
  );
  if (!check && root !== undefined) {
    for (const name of stale) {
      const path = join(dir, name);
      await assertInside(root, path);
      await rm(path);
      await removeEmptyParents(dir, dirname(path));
    }
  }
  return {
    changed,
    stale: stale.map((name) => join(dir, name)),
    foreign: foreign.map((name) => join(dir, name)),
  };
}

/** Every file (and symlink) below `dir`, as `/`-separated paths relative to it; none when `dir` does not exist. */
async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => !entry.isDirectory())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .sort();
}

/**
 * Refuses a path whose folder leads out of the output folder through a symlink, or that is itself
 * a symlink: writing or removing there would touch a file the generator never wrote.
 */
async function assertInside(root: string, path: string): Promise<void> {
  const link = await lstat(path).catch(() => undefined);
  const folder = await realpath(dirname(path)).catch(() => undefined);
  const rel = folder === undefined ? "" : relative(root, folder);
  if (link?.isSymbolicLink() || isAbsolute(rel) || rel.split(sep)[0] === "..") {
    throw new OutputFolderError(
      `${path} is a symlink or lies behind one leading out of the output folder; the generator writes and removes only plain files inside it`,
    );
  }
}

/** Removes `folder` and its parents up to (not including) `dir` while they are empty. */
async function removeEmptyParents(dir: string, folder: string): Promise<void> {
  let current = folder;
  while (current !== dir && relative(dir, current).split(sep)[0] !== "..") {
    if ((await readdir(current)).length > 0) return;
    await rmdir(current);
    current = dirname(current);
  }
}
