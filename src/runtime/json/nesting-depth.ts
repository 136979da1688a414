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

/**
 * Runs `read` (the validator, the int64 converter) over an answer, turning the call-stack overflow
 * that a recursive schema meets on an absurdly deep answer into the pointer where the answer passes
 * {@link MAX_ANSWER_DEPTH}. The depth is measured only once the stack has overflowed, so an answer
 * of ordinary depth costs nothing more to read.
 *
 * @param answer - The parsed answer.
 * @param read - What may recurse once per level.
 * @param refuse - The caller's answer to a too-deep value (throws, or returns an error outcome).
 * @returns What `read` returns, or what `refuse` does.
 * @example
 * const tree = JSON.parse(`${"[".repeat(50_000)}${"]".repeat(50_000)}`);
 * const depth = (value: unknown): number => (Array.isArray(value) && value.length > 0 ? 1 + depth(value[0]) : 0);
 * readWithinDepth(tree, () => depth(tree), (pointer, message) => {
 *   throw new Error(`${pointer.slice(0, 12)}… ${message}`); // "/0/0/0/0/0/0… nests deeper than 512 levels"
 * });
 */
export function readWithinDepth<T>(
  answer: unknown,
  read: () => T,
  refuse: (pointer: string, message: string) => T,
): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    const pointer = tooDeepPointer(answer);
    if (pointer === undefined) throw error;
    return refuse(pointer, `nests deeper than ${MAX_ANSWER_DEPTH} levels`);
  }
}
