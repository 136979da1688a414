import { isObject, type Json } from "./json.js";
import { childPointer, refPointer, valueAt } from "./json-pointer.js";
import { SpecError } from "./spec-error.js";
import { isDataEntry, isNameMap } from "./spec-keys.js";

/**
 * Checks that every `$ref` in the document is local and points at something.
 *
 * @param file - Spec file name for error messages.
 * @param doc - The parsed spec.
 * @throws {SpecError} Naming the pointer of the first `$ref` that is external or resolves to nothing.
 */
export function checkRefs(file: string, doc: Json): void {
  visit(doc, "", false);

  function visit(node: Json, pointer: string, inNameMap: boolean): void {
    if (Array.isArray(node)) {
      for (const [index, item] of node.entries()) visit(item, childPointer(pointer, index), false);
      return;
    }
    if (!isObject(node)) return;
    const ref = node.$ref;
    if (ref !== undefined && !inNameMap) {
      const at = childPointer(pointer, "$ref");
      if (typeof ref !== "string") throw new SpecError(file, at, "$ref must be a string");
      const target = refPointer(ref);
      if (target === undefined) {
        throw new SpecError(file, at, `$ref "${ref}" is not local; specs must be self-contained (#/...)`);
      }
      if (valueAt(doc, target) === undefined) throw new SpecError(file, at, `unknown $ref "${ref}"`);
    }
    for (const [key, child] of Object.entries(node)) {
      if (isDataEntry(key, child, node, inNameMap)) continue;
      visit(child, childPointer(pointer, key), isNameMap(key, inNameMap));
    }
  }
}
