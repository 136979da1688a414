/**
 * Deep links to every operation, method, schema and field: the anchor of a field (built from its
 * parent's anchor, so it stays the same across builds) and the "#" link shown beside a heading or a
 * field on hover and focus.
 */
import { html, type SafeHtml } from "./html.js";

/**
 * The anchor of a field under `parent`: `op-getNode.path.id`, `schema-Node.configuration.archive`.
 *
 * @param parent - The anchor of the operation, method, schema or enclosing field.
 * @param segments - Where the field is under it: a parameter's location and name, `body`, a status,
 * property names.
 * @returns An id made of letters, digits, `_`, `.` and `-`, like {@link anchorId}'s.
 * @example fieldAnchor("schema-Node", "configuration") // "schema-Node.configuration"
 */
export function fieldAnchor(parent: string, ...segments: readonly string[]): string {
  return [parent, ...segments.map((segment) => segment.replace(/[^A-Za-z0-9_.-]+/g, "-"))].join(".");
}

/**
 * The link to an anchor, placed beside what it names; hidden until the item is hovered or focused.
 *
 * @param id - The anchor.
 * @param label - What it links to, for screen readers: `operation getNode`, `field name`.
 * @example html`<h3>Get a node ${selfLink("op-getNode", "operation getNode")}</h3>`
 */
export function selfLink(id: string, label: string): SafeHtml {
  return html`<a class="self-link" href="#${id}" aria-label="Link to ${label}">#</a>`;
}
