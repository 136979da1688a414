import type { FieldPaths } from "../operation.js";

/**
 * Replaces the values at key paths: `"*"` in a path stands for every array element or property
 * value; an empty path is the value itself. Missing fields are left out; objects are changed in
 * place, so give it a value you own (a freshly parsed body, or a copy).
 *
 * @param value - The value to change.
 * @param paths - Where the values to replace sit.
 * @param replace - The new value for an old one (return it unchanged to leave it).
 * @returns The value (a new one only when the root itself is replaced).
 * @example
 * mapAtPaths({ a: [{ b: "1" }] }, [["a", "*", "b"]], (v) => Number(v)); // { a: [{ b: 1 }] }
 */
export function mapAtPaths<T>(value: T, paths: FieldPaths, replace: (old: unknown) => unknown): T {
  let result: unknown = value;
  for (const path of paths) result = replaceAt(result, path, 0, replace);
  return result as T;
}

function replaceAt(
  node: unknown,
  path: readonly string[],
  depth: number,
  replace: (old: unknown) => unknown,
): unknown {
  if (depth === path.length) return replace(node);
  if (node === null || typeof node !== "object") return node;
  const key = path[depth] as string;
  const container = node as Record<string, unknown>;
  if (key === "*") {
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) node[i] = replaceAt(node[i], path, depth + 1, replace);
    } else {
      for (const name of Object.keys(container))
        container[name] = replaceAt(container[name], path, depth + 1, replace);
    }
  } else if (Object.hasOwn(container, key)) {
    container[key] = replaceAt(container[key], path, depth + 1, replace);
  }
  return node;
}
