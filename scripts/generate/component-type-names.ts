import { isObject, type Json } from "./json.js";
import { childPointer } from "./json-pointer.js";
import { typeName } from "./names.js";

/**
 * The type name of each component schema. Two names that make the same type name
 * (`Phase0.AttesterSlashing` next to `Phase0AttesterSlashing`) are not refused: a name the spec
 * writes as a usable identifier keeps it, and a made-up one (or the later of two the same) gets the
 * first free number, in document order (`Phase0AttesterSlashing2`), never another component's name.
 *
 * @param names - The component schemas' names as the spec writes them, in document order.
 * @returns Each name's type name.
 */
export function componentTypeNames(names: readonly string[]): Map<string, string> {
  const wanted = new Set(names.map(typeName));
  const taken = new Set<string>();
  const result = new Map<string, string>();
  // Names the spec wrote as identifiers first, so that a made-up one never takes theirs.
  for (const name of names) {
    if (typeName(name) !== name || taken.has(name)) continue;
    taken.add(name);
    result.set(name, name);
  }
  for (const name of names) {
    if (result.has(name)) continue;
    const base = typeName(name);
    let candidate = base;
    for (let number = 2; taken.has(candidate) || (candidate !== base && wanted.has(candidate)); number += 1) {
      candidate = `${base}${number}`;
    }
    taken.add(candidate);
    result.set(name, candidate);
  }
  return new Map(names.map((name) => [name, result.get(name) as string]));
}

const byDocument = new WeakMap<object, Map<string, string>>();

/** {@link componentTypeNames} of a document's `components.schemas`, worked out once per document. */
export function documentTypeNames(doc: Json): Map<string, string> {
  if (!isObject(doc)) return new Map();
  let names = byDocument.get(doc);
  if (names === undefined) {
    const schemas = isObject(doc.components) ? doc.components.schemas : undefined;
    names = componentTypeNames(isObject(schemas) ? Object.keys(schemas) : []);
    byDocument.set(doc, names);
  }
  return names;
}

/** The type name of the component schema `name` of `doc`. */
export function componentTypeName(doc: Json, name: string): string {
  return documentTypeNames(doc).get(name) ?? typeName(name);
}

/** A note per component whose type name got a number: `…#/components/schemas/X: named X2, …`. */
export function numberedComponentNotes(file: string, doc: Json): string[] {
  return [...documentTypeNames(doc)]
    .filter(([name, type]) => type !== typeName(name))
    .map(
      ([name, type]) =>
        `${file}#${childPointer("/components/schemas", name)}: its type name ${typeName(name)} is another component's: named ${type}`,
    );
}
