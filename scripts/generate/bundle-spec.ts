import { isObject, type Json, type JsonObject } from "./json.js";
import { parsePointer, refPointer, valueAt } from "./json-pointer.js";
import { isDataEntry, isNameMap } from "./spec-keys.js";

const SCHEMA_PREFIX = "/components/schemas/";

/**
 * Writes `spec.json`: the spec with every `$ref` replaced by what it points at, so the portal and
 * the sandbox need no resolver. An inlined component schema keeps its name as `title` when it has
 * none. A `$ref` back into a schema it sits in (recursion) stays a `$ref`, and `components` stays,
 * so it still resolves. Keys keep the spec's order (the portal lists paths as authored); the
 * generated-file note goes into a top-level `x-generated` field because JSON has no comments and an
 * `x-` field is ignored by every OpenAPI and OpenRPC tool.
 *
 * @param doc - The parsed spec; `$ref`s were checked already.
 * @param note - The generated-file note.
 */
export function bundleSpec(doc: Json, note: string): string {
  const bundled = inline(doc, [], false);
  const withNote = isObject(bundled) ? { "x-generated": note, ...bundled } : bundled;
  return `${JSON.stringify(withNote, null, 2)}\n`;

  function inline(node: Json, stack: readonly string[], inNameMap: boolean): Json {
    if (Array.isArray(node)) return node.map((item) => inline(item, stack, false));
    if (!isObject(node)) return node;
    const target = typeof node.$ref === "string" && !inNameMap ? refPointer(node.$ref) : undefined;
    if (target !== undefined && !stack.includes(target)) {
      const { $ref: _replaced, ...siblings } = node;
      const resolved = inline(valueAt(doc, target) ?? {}, [...stack, target], false);
      if (!isObject(resolved)) return resolved;
      const tokens = parsePointer(target);
      const name = target.startsWith(SCHEMA_PREFIX) && tokens.length === 3 ? tokens[2] : undefined;
      const titled =
        name !== undefined && resolved.title === undefined ? { title: name, ...resolved } : resolved;
      return { ...titled, ...(inline(siblings, stack, false) as JsonObject) };
    }
    const copy: JsonObject = {};
    for (const [key, child] of Object.entries(node)) {
      copy[key] = isDataEntry(key, child, node, inNameMap)
        ? child
        : inline(child, stack, isNameMap(key, inNameMap));
    }
    return copy;
  }
}
