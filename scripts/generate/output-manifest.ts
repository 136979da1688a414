import { readFile } from "node:fs/promises";
import { join } from "node:path";

/** The file, in each output folder, listing what the generator wrote there. */
export const MANIFEST_FILE = ".chainkit-generated.json";

/** Thrown when an output folder is not the generator's to write: nothing was written or removed. */
export class OutputFolderError extends Error {
  override readonly name = "OutputFolderError";
}

/**
 * The files an earlier run wrote into `dir`, as its manifest lists them; `undefined` when the folder
 * has no manifest. Only plain relative paths inside the folder count, so an edited manifest cannot
 * name a file elsewhere (`../src/main.ts`, `/home/me/.npmrc`).
 *
 * @throws {OutputFolderError} When the manifest is there but is not one the generator writes.
 */
export async function readManifest(dir: string): Promise<Set<string> | undefined> {
  const text = await readFile(join(dir, MANIFEST_FILE), "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw error;
  });
  if (text === undefined) return undefined;
  let files: unknown;
  try {
    files = (JSON.parse(text) as { files?: unknown }).files;
  } catch {
    files = undefined;
  }
  if (!Array.isArray(files) || !files.every((file) => typeof file === "string" && isPlainPath(file))) {
    throw new OutputFolderError(
      `${join(dir, MANIFEST_FILE)} is not a manifest the generator wrote; remove the folder's generated files and the manifest yourself, or write to an empty folder`,
    );
  }
  return new Set(files as string[]);
}

/** The manifest's text for `files` (sorted, so it changes only when the set does). */
export function manifestText(files: Iterable<string>): string {
  const note =
    "Written by chainkit's generator: the files it wrote in this folder, which its next run may replace or remove. Do not edit.";
  return `${JSON.stringify({ note, files: [...files].sort() }, null, 2)}\n`;
}

/** A `/`-separated relative path with no empty, `.` or `..` segment, no backslash and no control character. */
export function isPlainPath(path: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  if (path === "" || path === MANIFEST_FILE || /[\\\u0000-\u001f]/.test(path)) return false;
  return path.split("/").every((segment) => segment !== "" && segment !== "." && segment !== "..");
}
