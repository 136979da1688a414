import { isObject, type Json } from "./json.js";
import { childPointer } from "./json-pointer.js";
import { SpecError } from "./spec-error.js";

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

/** Keys whose values are data (examples, defaults, enums) or extensions, which the reader does not walk by type. */
const DATA_KEYS = new Set(["example", "examples", "default", "const", "enum"]);

/**
 * Refuses a spec that names a field, schema or other key like one of those methods, with its place,
 * before the reader meets it.
 *
 * @param file - The spec file, for the error.
 * @param doc - The document as read.
 * @throws {SpecError} At the first such key.
 */
export function checkPrototypeKeys(file: string, doc: Json): void {
  const pending: { node: Json; pointer: string }[] = [{ node: doc, pointer: "" }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { node, pointer } = next;
    if (Array.isArray(node)) {
      node.forEach((item, index) => {
        pending.push({ node: item, pointer: childPointer(pointer, index) });
      });
      continue;
    }
    if (!isObject(node)) continue;
    for (const [key, value] of Object.entries(node)) {
      if (UNREADABLE_KEYS.has(key)) {
        throw new SpecError(
          file,
          childPointer(pointer, key),
          `"${key}" is the name of a method every JavaScript object has, which the OpenAPI reader chainkit generates types with (@redocly/openapi-core) cannot take as a name: rename it in the spec`,
        );
      }
      if (!DATA_KEYS.has(key) && !key.startsWith("x-"))
        pending.push({ node: value, pointer: childPointer(pointer, key) });
    }
  }
}
