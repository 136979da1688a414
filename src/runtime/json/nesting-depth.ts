import { pointerToken } from "./json-pointer.js";

/**
 * How deep an answer may nest. `JSON.parse` reads any depth, but the generated validators and the
 * int64 converters recurse once per level of a recursive schema, and a few thousand levels overflow
 * the call stack; no answer a service means to send comes near this.
 */
export const MAX_ANSWER_DEPTH = 512;

/**
 * The pointer of the first value nested deeper than `maxDepth` levels, or `undefined`. Walks with
 * its own stack, so measuring cannot overflow either.
 *
 * @example
 * tooDeepPointer({ a: [[1]] }, 2); // "/a/0"
 */
export function tooDeepPointer(root: unknown, maxDepth = MAX_ANSWER_DEPTH): string | undefined {
  const pending: { value: unknown; pointer: string; depth: number }[] = [
    { value: root, pointer: "", depth: 0 },
  ];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, pointer, depth } = next;
    if (typeof value !== "object" || value === null) continue;
    if (depth >= maxDepth) return pointer;
    for (const [key, child] of Object.entries(value)) {
      if (typeof child === "object" && child !== null) {
        pending.push({ value: child, pointer: `${pointer}/${pointerToken(key)}`, depth: depth + 1 });
      }
    }
  }
  return undefined;
}
