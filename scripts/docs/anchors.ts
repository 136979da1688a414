/**
 * Anchor ids for everything a page documents, so links stay stable across builds.
 */

/** What an anchor points at. */
export type AnchorKind = "op" | "method" | "schema" | "error" | "tag" | "section";

/**
 * Builds the element id for a documented item.
 *
 * @param kind - The kind of item.
 * @param name - Its name (operation id, method name, component name, tag name).
 * @returns An id made of letters, digits, `_`, `.` and `-`.
 * @example anchorId("schema", "Node") // "schema-Node"
 */
export function anchorId(kind: AnchorKind, name: string): string {
  return `${kind}-${name.replace(/[^A-Za-z0-9_.-]+/g, "-")}`;
}
