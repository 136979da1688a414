import { pointerToken } from "./json-pointer.js";

/** Past this many values the walk stops: a request that large is refused for its size elsewhere. */
const MOST_VALUES_VISITED = 100_000;

/** What a walk is told about: each value, and optionally each property name. */
export interface RequestValueVisitor {
  /** A value (of any type, containers included) at its JSON pointer. */
  value(item: unknown, pointer: string): void;
  /** A property name of a plain object, with the pointer of the property it names. */
  name?(name: string, pointer: string): void;
}

/**
 * Visits a value the caller passed (query, body, params) and everything inside its arrays and plain
 * objects, depth first in document order, each with its JSON pointer. Class instances are visited but
 * not entered. Walks with its own stack, so nesting depth is no limit.
 *
 * @param value - What the caller passed.
 * @param prefix - JSON pointer of `value`, e.g. `/body`.
 * @param visitor - Told about each value (and each property name, when it asks).
 * @example
 * const pointers: string[] = [];
 * walkRequestValue({ a: [1] }, "/body", { value: (_, pointer) => pointers.push(pointer) });
 * pointers; // ["/body", "/body/a", "/body/a/0"]
 */
export function walkRequestValue(value: unknown, prefix: string, visitor: RequestValueVisitor): void {
  const pending: [unknown, string][] = [[value, prefix]];
  for (let visited = 0; pending.length > 0 && visited < MOST_VALUES_VISITED; visited++) {
    const [item, pointer] = pending.pop() as [unknown, string];
    visitor.value(item, pointer);
    if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) pending.push([item[i], `${pointer}/${i}`]);
    } else if (item !== null && typeof item === "object" && isPlain(item)) {
      for (const key of Object.keys(item).reverse()) {
        const at = `${pointer}/${pointerToken(key)}`;
        visitor.name?.(key, at);
        pending.push([(item as Record<string, unknown>)[key], at]);
      }
    }
  }
}

function isPlain(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
