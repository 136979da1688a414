import { isObject, type Json } from "./json.js";
import { propertyKey } from "./names.js";
import { sourceLiteral } from "./source-text.js";

const MAX_INLINE = 72;

/**
 * Writes a JSON value as a TypeScript literal for an `@example`: bare keys where possible, and
 * `123n` at the int64 positions (the generated types say `bigint` there).
 *
 * @param value - The example value from the spec.
 * @param int64 - Key paths of int64 values (`"*"` matches any key or index).
 * @param indent - Indentation of the line the literal starts on.
 */
export function literal(value: Json, int64: readonly (readonly string[])[] = [], indent = ""): string {
  return write(value, [], indent);

  function write(node: Json, path: readonly string[], at: string): string {
    if (
      isInt64(path) &&
      (typeof node === "number" || (typeof node === "string" && /^-?[0-9]+$/.test(node)))
    ) {
      return `${node}n`;
    }
    if (Array.isArray(node)) {
      const items = node.map((item, index) => write(item, [...path, String(index)], `${at}  `));
      return wrap("[", items, "]", at);
    }
    if (isObject(node)) {
      const entries = Object.entries(node).map(
        ([key, child]) => `${propertyKey(key)}: ${write(child, [...path, key], `${at}  `)}`,
      );
      return wrap("{ ", entries, " }", at);
    }
    return sourceLiteral(node);
  }

  function isInt64(path: readonly string[]): boolean {
    return int64.some(
      (candidate) =>
        candidate.length === path.length &&
        candidate.every((key, index) => key === "*" || key === path[index]),
    );
  }
}

function wrap(open: string, items: readonly string[], close: string, at: string): string {
  if (items.length === 0) return `${open.trim()}${close.trim()}`;
  const inline = `${open}${items.join(", ")}${close}`;
  if (inline.length <= MAX_INLINE && !inline.includes("\n")) return inline;
  return `${open.trim()}\n${items.map((item) => `${at}  ${item},`).join("\n")}\n${at}${close.trim()}`;
}

/** The most lines of an answer an example shows under its call. */
const MAX_RESULT_LINES = 12;

/**
 * An example call followed by the answer it gets, as `// result:` comment lines (the answer is a
 * {@link literal}, so it holds no line break of its own), when the answer is short enough to show.
 */
export function withResult(call: string, shown: string | undefined): string {
  const lines = shown?.split("\n") ?? [];
  if (lines.length === 0 || lines.length > MAX_RESULT_LINES) return call;
  return [call, ...lines.map((line, index) => (index === 0 ? "// result: " : "// ") + line)].join("\n");
}
