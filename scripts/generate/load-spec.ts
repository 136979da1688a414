import { readFile } from "node:fs/promises";
import { isMap, isPair, isScalar, isSeq, type Node, parseDocument } from "yaml";
import { type ReadDocument, settleIntegers } from "./exact-integers.js";
import { readYamlFast } from "./fast-yaml.js";
import type { Json } from "./json.js";
import { childPointer } from "./json-pointer.js";
import { checkRefDepth } from "./ref-depth.js";
import { SpecError } from "./spec-error.js";
import { checkSpecLimits, DEFAULT_SPEC_LIMITS, type SpecLimits } from "./spec-limits.js";
import { tooDeepAt } from "./text-nesting.js";

/**
 * Reads a YAML (or JSON) spec file, and measures it before anything walks it (`spec-limits.ts`).
 * Integers past 2^53 − 1 are read exactly (`exact-integers.ts`).
 *
 * @param path - File path, as it should appear in error messages.
 * @param limits - How deep, aliased and large the document may be.
 * @param note - Where notes go (an integer a JavaScript number would write back otherwise).
 * @returns The parsed document.
 * @throws {SpecError} On a syntax error, naming its line and column and the pointer of the node it
 * sits in, on a document past the limits (its `$ref`s followed too), naming where, or on an integer
 * past 2^53 − 1 that a value of a schema without a wide integer format cannot be.
 */
export async function loadSpec(
  path: string,
  limits: SpecLimits = DEFAULT_SPEC_LIMITS,
  note: (line: string) => void = () => {},
): Promise<Json> {
  return parseSpecFile(path, await readFile(path, "utf8"), limits, note);
}

/**
 * {@link loadSpec} for a file's text already read: measured, parsed and checked against the limits,
 * synchronously (the portal builds its pages in one synchronous pass).
 *
 * @param path - File path, as it should appear in error messages.
 * @param text - The file's content.
 * @param limits - How deep, aliased and large the document may be.
 * @param note - Where notes go.
 * @returns The parsed document.
 * @throws {SpecError} As {@link loadSpec}.
 * @example const doc = parseSpecFile("openapi.yaml", "openapi: 3.1.0\ninfo: {}\npaths: {}\n");
 */
export function parseSpecFile(
  path: string,
  text: string,
  limits: SpecLimits = DEFAULT_SPEC_LIMITS,
  note: (line: string) => void = () => {},
): Json {
  const deep = tooDeepAt(text, limits.maxDepth);
  if (deep) {
    throw new SpecError(
      path,
      "",
      `the spec nests deeper than ${limits.maxDepth} levels at line ${deep.line}, column ${deep.column}; if you trust it, raise the limit with --max-spec-depth <n>`,
    );
  }
  const read = parseSpecText(path, text);
  // Measured before anything else walks it; a bigint counts as the number it stands for.
  checkSpecLimits(path, read as Json, limits);
  const doc = settleIntegers(path, read, note);
  checkRefDepth(path, doc, limits);
  return doc;
}

/**
 * Parses spec text (YAML 1.2, so JSON too); an integer past 2^53 − 1 is a bigint (the fallback
 * reader makes every integer one, and `settleIntegers` the exact ones numbers again).
 *
 * @param file - Name used in error messages.
 * @param text - The file's content.
 * @throws {SpecError} On a syntax error or a duplicate key.
 */
function parseSpecText(file: string, text: string): ReadDocument {
  const fast = readYamlFast(text);
  if (fast !== undefined) return fast;
  // Every integer a bigint, as exactly as js-yaml's path reads those past 2^53 − 1.
  const doc = parseDocument(text, { prettyErrors: true, uniqueKeys: true, intAsBigInt: true });
  const [first] = doc.errors;
  if (first) {
    const offset = first.pos[0];
    const pointer = doc.contents ? pointerAtOffset(doc.contents, offset, "") : "";
    throw new SpecError(file, pointer, `YAML syntax error: ${firstLine(first.message).replace(/:$/, "")}`);
  }
  // Aliases come back as the same object met again, so expanding costs nothing here;
  // checkSpecLimits counts them, naming where the limit is passed (the yaml package's own
  // count stops with no place).
  return doc.toJS({ maxAliasCount: -1 }) as ReadDocument;
}

function firstLine(message: string): string {
  return message.split("\n")[0] ?? message;
}

/** The pointer of the deepest map entry or sequence item whose source range holds `offset`. */
function pointerAtOffset(node: Node, offset: number, pointer: string): string {
  if (isMap(node)) {
    for (const pair of node.items) {
      if (!isPair(pair)) continue;
      const key = isScalar(pair.key) ? String(pair.key.value) : undefined;
      const keyStart = (pair.key as Node | null)?.range?.[0];
      const value = pair.value as Node | null;
      const end = value?.range?.[2] ?? (pair.key as Node | null)?.range?.[2];
      if (key === undefined || keyStart === undefined || end === undefined) continue;
      if (offset >= keyStart && offset <= end) {
        const inner = childPointer(pointer, key);
        return value ? pointerAtOffset(value, offset, inner) : inner;
      }
    }
  } else if (isSeq(node)) {
    node.items.forEach((item, index) => {
      const range = (item as Node | null)?.range;
      if (range && offset >= range[0] && offset <= range[2]) {
        pointer = pointerAtOffset(item as Node, offset, childPointer(pointer, index));
      }
    });
  }
  return pointer;
}
