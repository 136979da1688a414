/**
 * The client-side search index: every operation, method, schema and error of every surface, embedded
 * in each page (not fetched) so search works from `file://`.
 */

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
