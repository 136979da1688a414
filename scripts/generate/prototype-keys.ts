import { isObject, type Json } from "./json.js";
import { childPointer } from "./json-pointer.js";
import { SpecError } from "./spec-error.js";
import { isDataEntry, isNameMap } from "./spec-keys.js";

/**
 * Names of methods every JavaScript object inherits that @redocly/openapi-core 1.x (which
 * openapi-typescript reads specs with) takes for its own type definitions when a spec uses them as
 * keys: it then fails, or throws where no caller can catch it and the process ends. `constructor`
 * and `toString` are read harmlessly, and `__proto__` is kept as an own key.
 */
const UNREADABLE_KEYS = new Set([
  "valueOf",
  "hasOwnProperty",
  "isPrototypeOf",
  "propertyIsEnumerable",
  "toLocaleString",
  "__defineGetter__",
  "__defineSetter__",
  "__lookupGetter__",
  "__lookupSetter__",
]);

/**
 * Refuses a spec that names a field, schema or other key like one of those methods, with its place,
 * before the reader meets it.
 *
 * @param file - The spec file, for the error.
 * @param doc - The document as read.
 * @throws {SpecError} At the first such key.
 */
export function checkPrototypeKeys(file: string, doc: Json): void {
  visit(doc, "", false);

  function visit(node: Json, pointer: string, inNameMap: boolean): void {
    if (Array.isArray(node)) {
      node.forEach((item, index) => {
        visit(item, childPointer(pointer, index), false);
      });
      return;
    }
    if (!isObject(node)) return;
    for (const [key, value] of Object.entries(node)) {
      if (UNREADABLE_KEYS.has(key)) {
        throw new SpecError(
          file,
          childPointer(pointer, key),
          `"${key}" is the name of a method every JavaScript object has, which the OpenAPI reader chainkit generates types with (@redocly/openapi-core) cannot take as a name: rename it in the spec`,
        );
      }
      // Examples, defaults, enums and extensions are data, which the reader does not walk by type.
      if (isDataEntry(key, value, node, inNameMap) || (!inNameMap && key.startsWith("x-"))) continue;
      visit(value, childPointer(pointer, key), isNameMap(key, inNameMap));
    }
  }
}
