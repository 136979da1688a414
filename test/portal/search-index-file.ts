import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runInNewContext } from "node:vm";
import { SEARCH_INDEX_FILE, type SearchEntry } from "../../scripts/docs/search-index.js";

/**
 * The entries of a built portal's shared search index, read by running its script as a page does
 * (in a fresh context, whose global object it sets `chainkitSearchIndex` on).
 *
 * @param siteDir - The portal's folder.
 * @example readSearchIndex("site").filter((entry) => entry.kind === "operation")
 */
export function readSearchIndex(siteDir: string): SearchEntry[] {
  const context: { chainkitSearchIndex?: SearchEntry[] } = {};
  runInNewContext(readFileSync(join(siteDir, SEARCH_INDEX_FILE), "utf8"), context);
  if (!Array.isArray(context.chainkitSearchIndex)) throw new Error(`${SEARCH_INDEX_FILE} set no index`);
  return context.chainkitSearchIndex;
}
