import { isObject, type Json } from "./json.js";
import { childPointer, parsePointer, refPointer, valueAt } from "./json-pointer.js";
import { SpecError } from "./spec-error.js";
import { isDataEntry, isNameMap } from "./spec-keys.js";

/** Keywords whose schemas are the schema itself, not something nested in it. */
const SAME_VALUE = ["allOf", "anyOf", "oneOf"] as const;

/** A place reached from the start without nesting, and how. */
interface Reached {
  pointer: string;
  /** The `$ref` targets followed from the start to here, the start first. */
  refs: string[];
  /** Whether only `$ref`s led here (no `allOf`, `anyOf` or `oneOf` branch). */
  refsOnly: boolean;
}

/**
 * Refuses a schema (or any object a `$ref` names) that is itself without nesting: it reaches its own
 * place through `$ref`, `allOf`, `anyOf` and `oneOf` alone (`D: { allOf: [{ $ref: D }] }`), never
 * through a property or array items. Its TypeScript type would be an alias of itself, which no
 * compiler accepts (TS2502, TS2456); through `$ref`s alone (`A: { $ref: B }`, `B: { $ref: A }`)
 * it names nothing at all, which openapi-typescript's reader reported as a "Self-referencing
 * circular pointer" at the document's root when the loop was outside the component schemas.
 *
 * @param file - The spec file, for the error.
 * @param doc - The document, its `$ref`s local.
 * @throws {SpecError} At the `$ref` that closes the loop.
 */
export function checkSelfReference(file: string, doc: Json): void {
  for (const start of loopStarts(doc)) {
    const seen = new Set<string>();
    const pending: Reached[] = [{ pointer: start, refs: [start], refsOnly: true }];
    for (let reached = pending.pop(); reached !== undefined; reached = pending.pop()) {
      const { pointer, refs, refsOnly } = reached;
      const node = valueAt(doc, pointer);
      if (!isObject(node)) continue;
      const target = typeof node.$ref === "string" ? refPointer(node.$ref) : undefined;
      if (target !== undefined) {
        if (target === start) {
          throw new SpecError(
            file,
            childPointer(pointer, "$ref"),
            refsOnly ? namesNothing([...refs, start]) : aliasOfItself(start),
          );
        }
        if (!seen.has(target)) {
          seen.add(target);
          pending.push({ pointer: target, refs: [...refs, target], refsOnly });
        }
      }
      for (const keyword of SAME_VALUE) {
        const branches = node[keyword];
        if (!Array.isArray(branches)) continue;
        for (let index = 0; index < branches.length; index++)
          pending.push({ pointer: childPointer(pointer, keyword, index), refs, refsOnly: false });
      }
    }
  }
}

/** The component schemas, then every other place a `$ref` names, in document order. */
function loopStarts(doc: Json): string[] {
  const starts = new Set<string>();
  const schemas = isObject(doc) && isObject(doc.components) ? doc.components.schemas : undefined;
  if (isObject(schemas))
    for (const name of Object.keys(schemas)) starts.add(childPointer("/components/schemas", name));
  collect(doc, false);
  return [...starts];

  function collect(node: Json, inNameMap: boolean): void {
    if (Array.isArray(node)) {
      for (const item of node) collect(item, false);
      return;
    }
    if (!isObject(node)) return;
    const target = !inNameMap && typeof node.$ref === "string" ? refPointer(node.$ref) : undefined;
    if (target !== undefined) starts.add(target);
    for (const [key, child] of Object.entries(node)) {
      if (!isDataEntry(key, child, node, inNameMap)) collect(child, isNameMap(key, inNameMap));
    }
  }
}

function aliasOfItself(start: string): string {
  const tokens = parsePointer(start);
  const component = tokens.length === 3 && start.startsWith("/components/schemas/");
  return `${component ? tokens[2] : `#${start}`} refers back to itself through $ref, allOf, anyOf or oneOf alone, with no property or array items between: its TypeScript type would be an alias of itself, which no compiler accepts; nest the reference in a property or in array items, or remove it`;
}

function namesNothing(loop: readonly string[]): string {
  return `the $refs from #${loop[0]} lead back to it through $refs alone (${loop.map((pointer) => `#${pointer}`).join(" → ")}), so they name nothing: point one of them at the schema or object it stands for`;
}
