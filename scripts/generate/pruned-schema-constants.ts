/**
 * ajv's standalone code declares every schema object its checks read as a constant holding the
 * whole schema (`const schema12 = {"type":"object","properties":{…}}`), though the checks read only
 * a few paths of it: an enum's values and a type for an issue's params, and the keys of
 * `properties` for the own-property test of `additionalProperties: false`. Every module and chunk
 * carried those copies (a tenth of the validators' code); this keeps just the paths read.
 */

import { isObject, type Json } from "./json.js";
import { sourceLiteral } from "./source-text.js";

const DECLARATION = /^const (schema\d+) = (.*);\n/gm;
// A constant read through a path (`schema12.properties.sort.enum`, `schema3.anyOf[1].enum`), not a
// property of something else named the same (`data.schema12`).
const READ = /(?<![\w$.])(schema\d+)((?:\.[A-Za-z_$][\w$]*|\[\d+\])*)/g;
// ajv's own-property test: `func3.call(schema12.properties, key0)`, where only the keys matter.
const OWN_PROPERTY_TEST = /\.call\(\s*$/;

/**
 * The module with each schema constant cut down to the paths the code reads.
 *
 * @param code - A validators module or chunk, as ajv's standalone code (one declaration per line).
 * @returns The same code with smaller constants: one read whole is kept whole, one never read is
 *   dropped.
 * @example
 * prunedSchemaConstants('const schema1 = {"type":"string","enum":["a","b"],"description":"…"};\nf(schema1.enum);\n');
 * // 'const schema1 = {"enum":["a","b"]};\nf(schema1.enum);\n'
 */
export function prunedSchemaConstants(code: string): string {
  const declared = new Map<string, Json>();
  for (const [, name, literal] of code.matchAll(DECLARATION)) {
    declared.set(name as string, JSON.parse(literal as string) as Json);
  }
  if (declared.size === 0) return code;
  const kept = new Map<string, Json>();
  const whole = new Set<string>();
  for (const match of code.matchAll(READ)) {
    const [text, name, pathText] = match as unknown as [string, string, string];
    const schema = declared.get(name);
    if (schema === undefined) continue;
    const before = code.slice(Math.max(0, match.index - 12), match.index);
    // Its own declaration is not a read.
    if (before.endsWith("const ") && code.startsWith(" = ", match.index + text.length)) continue;
    const path = parsePath(pathText);
    if (path.length === 0) {
      whole.add(name);
      continue;
    }
    const keysOnly = OWN_PROPERTY_TEST.test(before);
    kept.set(name, withPath(kept.get(name), schema, path, keysOnly));
  }
  return code.replace(DECLARATION, (line, name: string) => {
    if (whole.has(name)) return line;
    const pruned = kept.get(name);
    // ajv declares some it no longer reads once the issues are recorded by our helper.
    return pruned === undefined ? "" : `const ${name} = ${sourceLiteral(pruned)};\n`;
  });
}

function parsePath(text: string): (string | number)[] {
  return [...text.matchAll(/\.([A-Za-z_$][\w$]*)|\[(\d+)\]/g)].map(([, key, index]) =>
    key !== undefined ? key : Number(index),
  );
}

/**
 * `kept` (what other reads of the constant keep, or nothing yet) with what `path` reads from
 * `source` added: the value there, or, for an own-property test, its keys (each mapped to 0 unless
 * another read keeps its value). New objects have no prototype, so a key such as `__proto__` stays
 * a plain key.
 */
function withPath(
  kept: Json | undefined,
  source: Json,
  path: readonly (string | number)[],
  keysOnly: boolean,
): Json {
  if (path.length === 0) {
    if (!keysOnly || !isObject(source)) return source;
    const keys = isObject(kept) ? kept : (Object.create(null) as Record<string, Json>);
    for (const key of Object.keys(source)) if (!Object.hasOwn(keys, key)) keys[key] = 0;
    return keys;
  }
  const [step, ...rest] = path as [string | number, ...(string | number)[]];
  if (source === null || typeof source !== "object" || !Object.hasOwn(source, step)) {
    return kept ?? Object.create(null);
  }
  const container = (
    kept !== null && typeof kept === "object" && Array.isArray(kept) === Array.isArray(source)
      ? kept
      : Array.isArray(source)
        ? []
        : Object.create(null)
  ) as Record<string | number, Json>;
  const previous = Object.hasOwn(container, step) ? container[step] : undefined;
  container[step] = withPath(
    previous === 0 ? undefined : previous,
    (source as Record<string | number, Json>)[step] as Json,
    rest,
    keysOnly,
  ) as Json;
  return container as Json;
}
