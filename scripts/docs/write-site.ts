/**
 * Writes a built portal: every page in the shared shell, the search index they share, the stylesheet
 * and script, and the specs the pages link to.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type BuiltPage, type NavGroup, renderPage } from "./layout.js";
import { SEARCH_INDEX_FILE, searchIndexScript, sortEntries } from "./search-index.js";

const ASSETS = join(dirname(fileURLToPath(import.meta.url)), "assets");

/** Each published asset and the sources joined into it, in order: one concern per source, one request per page. */
const ASSET_SOURCES: Record<string, readonly string[]> = {
  // One stylesheet: each one is a request that holds the first paint back.
  "style.css": ["style.css", "theme.css", "deep-links.css", "copy-call.css", "print.css"],
  "site.js": ["search-load.js", "site.js", "theme.js", "deep-links.js", "nav-place.js", "print.js"],
  // Loaded by every page (copy a call) or on a try-it form's first opening.
  "copy-call.js": ["copy-call.js"],
  "try-it.css": ["try-it.css"],
  "try-it.js": ["try-it.js"],
};

/** A file published next to the pages, e.g. `specs/platform.openapi.yaml`. */
export interface SiteFile {
  path: string;
  text: string;
}

/**
 * Empties `outDir` and writes the portal into it.
 *
 * @returns The files written, relative to `outDir`, sorted.
 * @example writeSite("site", pages, groups, [{ path: "specs/a.yaml", text }])
 */
export function writeSite(
  outDir: string,
  pages: readonly BuiltPage[],
  groups: readonly NavGroup[],
  published: readonly SiteFile[],
): string[] {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(join(outDir, "specs"), { recursive: true });
  const files: string[] = [SEARCH_INDEX_FILE];
  writeFileSync(
    join(outDir, SEARCH_INDEX_FILE),
    searchIndexScript(sortEntries(pages.flatMap((built) => built.search))),
  );
  const shell = { groups };
  for (const built of pages) {
    writeFileSync(join(outDir, built.page.file), renderPage(built.page, shell));
    files.push(built.page.file);
  }
  for (const [asset, sources] of Object.entries(ASSET_SOURCES)) {
    writeFileSync(
      join(outDir, asset),
      sources.map((source) => readFileSync(join(ASSETS, source), "utf8")).join("\n"),
    );
    files.push(asset);
  }
  for (const file of published) {
    writeFileSync(join(outDir, file.path), file.text);
    files.push(file.path);
  }
  return files.sort();
}
