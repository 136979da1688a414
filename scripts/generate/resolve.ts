import { isObject, type Json, type JsonObject } from "./json.js";
import { childPointer, refPointer, valueAt } from "./json-pointer.js";
import { SpecError } from "./spec-error.js";

/** A spec object together with the pointer where it is written. */
export interface Located {
  value: JsonObject;
  pointer: string;
}

/**
 * Follows `$ref` chains (a parameter, response, content descriptor… that is a reference) to the object
 * they name. Refs were checked by `checkRefs` already; this still guards against loops and non-objects.
 *
 * @throws {SpecError} When the chain loops or ends at something that is not an object.
 */
export function follow(file: string, doc: Json, value: Json | undefined, pointer: string): Located {
  const seen = new Set<string>();
  let current: Located = { value: expectObject(file, value, pointer), pointer };
  while (typeof current.value.$ref === "string") {
    const target = refPointer(current.value.$ref);
    if (target === undefined || seen.has(target)) {
      throw new SpecError(file, childPointer(current.pointer, "$ref"), `$ref "${current.value.$ref}" loops`);
    }
    seen.add(target);
    current = { value: expectObject(file, valueAt(doc, target), target), pointer: target };
  }
  return current;
}

/** `value` as an object, or a SpecError naming `pointer`. */
function expectObject(file: string, value: Json | undefined, pointer: string): JsonObject {
  if (!isObject(value)) throw new SpecError(file, pointer, "expected an object here");
  return value;
}

/** The string at `key` of `node`, or `undefined`; a SpecError when it is there but not a string. */
export function optionalString(
  file: string,
  node: JsonObject,
  key: string,
  pointer: string,
): string | undefined {
  const value = node[key];
  if (value === undefined) return undefined;
  if (typeof value !== "string")
    throw new SpecError(file, childPointer(pointer, key), `${key} must be a string`);
  return value;
}
