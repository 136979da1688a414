/**
 * Local `$ref` handling for rendering: refs are followed to read what they point at, while references to
 * named components keep their names so pages can link to them instead of copying them.
 */
import { DocsError } from "./docs-error.js";

/** A plain JSON object as read from a spec. */
export type Json = Record<string, unknown>;

/**
 * Tells whether a value is a plain object (not an array, not null).
 *
 * @param value - Anything.
 * @returns `true` for plain objects.
 * @example isObject({}) // true
 */
export function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Reads the `$ref` of a reference object.
 *
 * @param value - A spec value.
 * @returns The ref string, or `undefined` when the value is not a reference.
 * @example refOf({ $ref: "#/components/schemas/Node" }) // "#/components/schemas/Node"
 */
export function refOf(value: unknown): string | undefined {
  return isObject(value) && typeof value.$ref === "string" ? value.$ref : undefined;
}

/** The component a ref names, e.g. `{ section: "schemas", name: "Node" }`. */
export interface ComponentName {
  section: string;
  name: string;
}

/**
 * Splits a ref to a named component (`#/components/<section>/<name>`).
 *
 * @param ref - A local ref.
 * @returns Its section and name, or `undefined` when it points deeper or elsewhere.
 * @example componentOf("#/components/schemas/Node") // { section: "schemas", name: "Node" }
 */
export function componentOf(ref: string): ComponentName | undefined {
  const match = /^#\/components\/([^/]+)\/([^/]+)$/.exec(ref);
  if (!match) return undefined;
  return { section: decodeSegment(match[1] ?? ""), name: decodeSegment(match[2] ?? "") };
}

function decodeSegment(segment: string): string {
  return decodeURIComponent(segment).replace(/~1/g, "/").replace(/~0/g, "~");
}

/**
 * Reads the value a local ref points at.
 *
 * @param doc - The whole spec.
 * @param ref - A local ref (`#/…`).
 * @returns The value at that JSON pointer.
 * @throws {DocsError} When the ref is not local or points at nothing.
 * @example resolvePointer(spec, "#/components/schemas/Node")
 */
function resolvePointer(doc: unknown, ref: string): unknown {
  if (!ref.startsWith("#")) throw new DocsError(`only local $refs are supported, got ${ref}`);
  const segments = ref.slice(1).split("/").slice(1).map(decodeSegment);
  let current: unknown = doc;
  for (const segment of segments) {
    if (Array.isArray(current)) current = current[Number(segment)];
    else if (isObject(current)) current = current[segment];
    else current = undefined;
    if (current === undefined) throw new DocsError(`$ref ${ref} points at nothing`);
  }
  return current;
}

/**
 * Follows a chain of reference objects to the value they finally name.
 *
 * @param doc - The whole spec.
 * @param value - A value that may be a reference object.
 * @returns The referenced value (or the value itself when it is no reference).
 * @throws {DocsError} On a ref that cannot be resolved or a cycle of refs.
 * @example deref(spec, { $ref: "#/components/parameters/Page" })
 */
export function deref(doc: unknown, value: unknown): unknown {
  let current = value;
  for (let hops = 0; hops < 32; hops += 1) {
    const ref = refOf(current);
    if (ref === undefined) return current;
    current = resolvePointer(doc, ref);
  }
  throw new DocsError("a chain of $refs loops");
}

/**
 * Follows refs and checks that the result is an object.
 *
 * @param doc - The whole spec.
 * @param value - A value that may be a reference object.
 * @param what - Names the value in the error.
 * @returns The referenced object.
 * @throws {DocsError} When the value is not an object.
 * @example derefObject(spec, param, "parameter")
 */
export function derefObject(doc: unknown, value: unknown, what: string): Json {
  const resolved = deref(doc, value);
  if (!isObject(resolved)) throw new DocsError(`${what} is not an object`);
  return resolved;
}
