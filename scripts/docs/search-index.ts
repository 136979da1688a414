/**
 * The client-side search index: every operation, method, schema and error of every surface, in one
 * script file that every page shares. A page loads it on the reader's first search, never before,
 * and the browser caches it from page to page. It is a classic script, not JSON: `<script src>`
 * loads from `file://`, where `fetch()` is refused.
 */

/** The index's file, beside the pages. */
export const SEARCH_INDEX_FILE = "search-index.js";

/** One searchable item. */
export interface SearchEntry {
  /** What it is: operation, method, schema, error, guide (or a docs page), or helper (a hand-written export). */
  kind: "operation" | "method" | "schema" | "error" | "guide" | "helper";
  /** Its name (operation id, method name, component name). */
  name: string;
  /** A line of context: `GET /v1/nodes/`, a summary, the surface. */
  detail: string;
  /** The surface's short title. */
  surface: string;
  /** Page-relative link, e.g. `platform.html#op-getNode`. */
  href: string;
}

/**
 * Orders entries so the embedded index is the same on every build: by surface order of insertion, then
 * kind, then name.
 *
 * @param entries - Entries in page order.
 * @returns A new, stably sorted array.
 * @example sortEntries(entries)
 */
export function sortEntries(entries: readonly SearchEntry[]): SearchEntry[] {
  const kindOrder: SearchEntry["kind"][] = ["operation", "method", "helper", "schema", "error", "guide"];
  return entries
    .map((entry, position) => ({ entry, position }))
    .sort(
      (a, b) => kindOrder.indexOf(a.entry.kind) - kindOrder.indexOf(b.entry.kind) || a.position - b.position,
    )
    .map(({ entry }) => entry);
}

/**
 * The text of {@link SEARCH_INDEX_FILE}: a script that sets `globalThis.chainkitSearchIndex` to the
 * entries. They are a JSON text inside a JavaScript string literal, both written by
 * `JSON.stringify`, so no spec text can become code; `JSON.parse` of one string is also the fastest
 * way for a browser to read this much data.
 *
 * @param entries - The sorted entries.
 * @returns The script's source.
 * @example searchIndexScript(sortEntries(entries))
 */
export function searchIndexScript(entries: readonly SearchEntry[]): string {
  const literal = JSON.stringify(JSON.stringify(entries))
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
  return `// chainkit docs: the search index, loaded by site.js on the first search.\nglobalThis.chainkitSearchIndex = JSON.parse(${literal});\n`;
}
