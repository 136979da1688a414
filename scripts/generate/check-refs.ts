import { isObject, type Json } from "./json.js";
import { childPointer, refPointer, valueAt } from "./json-pointer.js";
import { SpecError } from "./spec-error.js";
import { isDataEntry, isNameMap } from "./spec-keys.js";

/**
 * Checks that every `$ref` in the document is local and points at something.
 *
 * @param file - Spec file name for error messages.
 * @param doc - The parsed spec.
 * @throws {SpecError} Naming the pointer of the first `$ref` that is external, has a broken percent
 *   escape, or resolves to nothing.
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
        throw new SpecError(
          file,
          at,
          ref.startsWith("#")
            ? unreadableEscape(ref)
            : `$ref "${ref}" is not local; specs must be self-contained (#/...)`,
        );
      }
      if (valueAt(doc, target) === undefined) throw new SpecError(file, at, `unknown $ref "${ref}"`);
    }
    for (const [key, child] of Object.entries(node)) {
      if (isDataEntry(key, child, node, inNameMap)) continue;
      visit(child, childPointer(pointer, key), isNameMap(key, inNameMap));
    }
  }
}

/**
 * Why a local `$ref` cannot be read: a `%` that starts no escape (`%ZZ`, a bare `%`), or escapes
 * whose bytes are not UTF-8 (`%C3` alone, half of `é`).
 */
function unreadableEscape(ref: string): string {
  const stray = /%(?![0-9A-Fa-f]{2})/.exec(ref);
  if (stray) {
    return `$ref "${ref}" has "${ref.slice(stray.index, stray.index + 3)}", which is no percent escape: in a $ref, % starts one, two hex digits for a byte (%20 is a space); write a % that is part of a name as %25`;
  }
  return `$ref "${ref}" has percent escapes whose bytes spell no UTF-8 character (%C3 alone is half of é, %C3%A9): write each character's bytes in full, or the character itself`;
}
