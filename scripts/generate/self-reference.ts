import { isObject, type Json } from "./json.js";
import { childPointer, refPointer, valueAt } from "./json-pointer.js";
import { SpecError } from "./spec-error.js";

/** Keywords whose schemas are the schema itself, not something nested in it. */
const SAME_VALUE = ["allOf", "anyOf", "oneOf"] as const;

/**
 * Refuses a component schema that is itself without nesting: it reaches its own `$ref` through
 * `$ref`, `allOf`, `anyOf` and `oneOf` alone (`D: { allOf: [{ $ref: D }] }`), never through a
 * property or array items. Its TypeScript type would be an alias of itself, which no compiler
 * accepts (TS2502, TS2456).
 *
 * @param file - The spec file, for the error.
 * @param doc - The document, its `$ref`s local.
 * @throws {SpecError} At the `$ref` that closes the loop.
 */
export function checkSelfReference(file: string, doc: Json): void {
  const schemas = isObject(doc) && isObject(doc.components) ? doc.components.schemas : undefined;
  if (!isObject(schemas)) return;
  for (const name of Object.keys(schemas)) {
    const own = childPointer("/components/schemas", name);
    const seen = new Set<string>();
    const pending = [own];
    for (let pointer = pending.pop(); pointer !== undefined; pointer = pending.pop()) {
      const node = valueAt(doc, pointer);
      if (!isObject(node)) continue;
      const target = typeof node.$ref === "string" ? refPointer(node.$ref) : undefined;
      if (target !== undefined) {
        if (target === own) {
          throw new SpecError(
            file,
            childPointer(pointer, "$ref"),
            `${name} refers back to itself through $ref, allOf, anyOf or oneOf alone, with no property or array items between: its TypeScript type would be an alias of itself, which no compiler accepts; nest the reference in a property or in array items, or remove it`,
          );
        }
        if (!seen.has(target)) {
          seen.add(target);
          pending.push(target);
        }
      }
      for (const keyword of SAME_VALUE) {
        const branches = node[keyword];
        if (!Array.isArray(branches)) continue;
        for (let index = 0; index < branches.length; index++)
          pending.push(childPointer(pointer, keyword, index));
      }
    }
  }
}
