import { readFile } from "node:fs/promises";
import { isMap, isPair, isScalar, isSeq, type Node, parseDocument } from "yaml";
import { readYamlFast } from "./fast-yaml.js";
import type { Json } from "./json.js";
import { childPointer } from "./json-pointer.js";
import { checkRefDepth } from "./ref-depth.js";
import { SpecError } from "./spec-error.js";
import { checkSpecLimits, DEFAULT_SPEC_LIMITS, type SpecLimits } from "./spec-limits.js";
import { tooDeepAt } from "./text-nesting.js";

/**
 * Reads a YAML (or JSON) spec file, and measures it before anything walks it (`spec-limits.ts`).
 *
 * @param path - File path, as it should appear in error messages.
 * @param limits - How deep, aliased and large the document may be.
 * @returns The parsed document.
 * @throws {SpecError} On a syntax error, naming its line and column and the pointer of the node it
 * sits in, or on a document past the limits (its `$ref`s followed too), naming where.
 */
export async function loadSpec(path: string, limits: SpecLimits = DEFAULT_SPEC_LIMITS): Promise<Json> {
  return parseSpecFile(path, await readFile(path, "utf8"), limits);
}

/**
 * {@link loadSpec} for a file's text already read: measured, parsed and checked against the limits,
 * synchronously (the portal builds its pages in one synchronous pass).
 *
 * @param path - File path, as it should appear in error messages.
 * @param text - The file's content.
 * @param limits - How deep, aliased and large the document may be.
 * @returns The parsed document.
 * @throws {SpecError} As {@link loadSpec}.
 * @example const doc = parseSpecFile("openapi.yaml", "openapi: 3.1.0\ninfo: {}\npaths: {}\n");
 */
export function parseSpecFile(path: string, text: string, limits: SpecLimits = DEFAULT_SPEC_LIMITS): Json {
  const deep = tooDeepAt(text, limits.maxDepth);
  if (deep) {
    throw new SpecError(
      path,
      "",
      `the spec nests deeper than ${limits.maxDepth} levels at line ${deep.line}, column ${deep.column}; if you trust it, raise the limit with --max-spec-depth <n>`,
    );
  }
  const doc = parseSpecText(path, text);
  checkSpecLimits(path, doc, limits);
  checkRefDepth(path, doc, limits);
  return doc;
}

/**
 * Parses spec text (YAML 1.2, so JSON too).
 *
 * @param file - Name used in error messages.
 * @param text - The file's content.
 * @throws {SpecError} On a syntax error or a duplicate key.
 */
function parseSpecText(file: string, text: string): Json {
  const fast = readYamlFast(text);
  if (fast !== undefined) return fast;
  const doc = parseDocument(text, { prettyErrors: true, uniqueKeys: true });
  const [first] = doc.errors;
  if (first) {
    const offset = first.pos[0];
    const pointer = doc.contents ? pointerAtOffset(doc.contents, offset, "") : "";
    throw new SpecError(file, pointer, `YAML syntax error: ${firstLine(first.message).replace(/:$/, "")}`);
  }
  // Aliases come back as the same object met again, so expanding costs nothing here;
  // checkSpecLimits counts them, naming where the limit is passed (the yaml package's own
  // count stops with no place).
  return doc.toJS({ maxAliasCount: -1 }) as Json;
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
