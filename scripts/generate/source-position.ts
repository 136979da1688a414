import { readFile } from "node:fs/promises";
import { isAbsolute, resolve } from "node:path";
import { isMap, isSeq, LineCounter, type Node, parseDocument } from "yaml";
import { parsePointer } from "./json-pointer.js";
import type { SpecError } from "./spec-error.js";
import { tooDeepAt } from "./text-nesting.js";

/** A depth the `yaml` package reads without overflowing the stack (it fails from about 400 levels). */
const PARSER_SAFE_DEPTH = 200;

/** A 1-based line and column in a spec file. */
export interface SourcePosition {
  line: number;
  column: number;
}

/**
 * Where the node a JSON pointer names is written in a YAML or JSON file, or `undefined` when the
 * file cannot be read or has no such node (a pointer into a bundled multi-file spec, say).
 *
 * @example
 * await sourcePosition("specs/platform.openapi.yaml", "/paths/~1v1~1nodes/get"); // { line: 40, column: 5 }
 */
export async function sourcePosition(path: string, pointer: string): Promise<SourcePosition | undefined> {
  const text = await readFile(path, "utf8").catch(() => undefined);
  // A spec refused for its depth must not crash the parser that would place the error.
  if (text === undefined || tooDeepAt(text, PARSER_SAFE_DEPTH) !== undefined) return undefined;
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  let node = doc.contents as Node | null;
  for (const token of parsePointer(pointer)) {
    if (isMap(node)) {
      const pair = node.items.find(
        (item) => String((item.key as { value?: unknown } | null)?.value) === token,
      );
      node = pair ? ((pair.value as Node | null) ?? (pair.key as Node | null)) : null;
    } else if (isSeq(node)) {
      node = (node.items[Number(token)] as Node | undefined) ?? null;
    } else return undefined;
    if (node === null) return undefined;
  }
  const offset = node?.range?.[0];
  if (offset === undefined) return undefined;
  const { line, col } = lineCounter.linePos(offset);
  return { line, column: col };
}

/**
 * A spec error as a command prints it: `file:line:column: file#pointer: problem`, the position
 * when the file has the node (editors jump to it), else just the message.
 *
 * @param error - The error.
 * @param path - Where the spec file is (relative paths from the current folder).
 */
export async function describeSpecError(error: SpecError, path: string): Promise<string> {
  // An error in another file a $ref read names that file by its absolute path (`bundle-external.ts`).
  const inFile = isAbsolute(error.file) && error.file !== resolve(path) ? error.file : path;
  const position = await sourcePosition(inFile, error.pointer);
  return position === undefined
    ? error.message
    : `${error.file}:${position.line}:${position.column}: ${error.message}`;
}
