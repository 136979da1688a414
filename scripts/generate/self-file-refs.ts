import { dirname, resolve } from "node:path";
import { isObject, type Json } from "./json.js";
import { isDataEntry, isNameMap } from "./spec-keys.js";

/**
 * Turns each `$ref` that names the spec's own file (`api.yaml#/components/schemas/A` inside
 * `api.yaml`, as some editors and bundlers write them) into the local reference it is
 * (`#/components/schemas/A`), in place. Other files' `$ref`s are left to the bundler and its gate.
 *
 * @param doc - The parsed spec (modified in place).
 * @param specPath - Where the spec file is.
 * @returns How many `$ref`s were made local.
 */
export function localizeSelfFileRefs(doc: Json, specPath: string): number {
  const self = resolve(specPath);
  const folder = dirname(self);
  let changed = 0;
  visit(doc, false);
  return changed;

  function visit(node: Json, inNameMap: boolean): void {
    if (Array.isArray(node)) {
      for (const item of node) visit(item, false);
      return;
    }
    if (!isObject(node)) return;
    const ref = node.$ref;
    if (!inNameMap && typeof ref === "string" && !ref.startsWith("#")) {
      const hash = ref.indexOf("#");
      const filePart = hash === -1 ? ref : ref.slice(0, hash);
      if (!/^[a-z][a-z0-9+.-]*:/i.test(filePart) && namesFile(filePart)) {
        node.$ref = hash === -1 ? "#" : ref.slice(hash);
        changed++;
      }
    }
    for (const [key, child] of Object.entries(node)) {
      if (isDataEntry(key, child, node, inNameMap)) continue;
      visit(child, isNameMap(key, inNameMap));
    }
  }

  /** Whether a relative file reference names the spec itself. */
  function namesFile(filePart: string): boolean {
    try {
      return resolve(folder, decodeURIComponent(filePart)) === self;
    } catch {
      return false; // a malformed escape: the bundler's gate words it
    }
  }
}
