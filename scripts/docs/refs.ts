/**
 * Local `$ref` handling for rendering: refs are followed to read what they point at, while references to
 * named components keep their names so pages can link to them instead of copying them.
 */
import { isObject, type JsonObject } from "../generate/json.js";
import { parsePointer, refPointer, valueAt } from "../generate/json-pointer.js";
import { DocsError } from "./docs-error.js";

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
  const pointer = refPointer(ref);
  const [components, section, name, ...deeper] = pointer === undefined ? [] : parsePointer(pointer);
  if (components !== "components" || !section || !name || deeper.length > 0) return undefined;
  return { section, name };
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
  const pointer = refPointer(ref);
  if (pointer === undefined) throw new DocsError(`only local $refs are supported, got ${ref}`);
  const value = valueAt(doc as JsonObject, pointer);
  if (value === undefined) throw new DocsError(`$ref ${ref} points at nothing`);
  return value;
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
export function derefObject(doc: unknown, value: unknown, what: string): JsonObject {
  const resolved = deref(doc, value);
  if (!isObject(resolved)) throw new DocsError(`${what} is not an object`);
  return resolved;
}
