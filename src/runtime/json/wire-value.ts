import { parseJson } from "./parse-json.js";
import { stringifyJson } from "./stringify-json.js";

/** Past this many values the check gives up and round-trips instead (also ends the walk on a cycle). */
const MOST_VALUES_CHECKED = 10_000;

/**
 * The value as the receiver of its JSON text reads it, for checking a request before it is sent:
 * bigints become integers (decimal strings past 2^53), `undefined` members disappear, dates become
 * strings. A value that JSON carries unchanged (strings, booleans, null, safe finite numbers, plain
 * arrays and objects of those) is returned as it is, without the stringify-and-parse round trip.
 *
 * @param value - What the caller passed.
 * @param text - The value's JSON text, when the caller made it already.
 * @returns `value` itself, or its round-tripped copy.
 * @throws {TypeError} for values JSON cannot hold (cycles), as `JSON.stringify` does.
 * @example
 * wireValue(["0xabc", true]); // the same array
 * wireValue([12n, undefined]); // [12, null]
 */
export function wireValue(value: unknown, text?: string): unknown {
  return carriedUnchanged(value) ? value : parseJson(text ?? stringifyJson(value));
}

/** Whether JSON.stringify then parseJson gives back an equal value. Uses a stack: no recursion limit. */
function carriedUnchanged(root: unknown): boolean {
  const pending: unknown[] = [root];
  for (let checked = 0; pending.length > 0; checked++) {
    if (checked > MOST_VALUES_CHECKED) return false;
    const value = pending.pop();
    switch (typeof value) {
      case "string":
      case "boolean":
        continue;
      case "number":
        if (!Number.isFinite(value) || Math.abs(value) > Number.MAX_SAFE_INTEGER) return false;
        continue;
      case "object": {
        if (value === null) continue;
        if (Array.isArray(value)) {
          // A hole reads as undefined here, and becomes null on the wire.
          for (let i = 0; i < value.length; i++) pending.push(value[i]);
          continue;
        }
        const prototype = Object.getPrototypeOf(value);
        if (prototype !== Object.prototype && prototype !== null) return false; // Date, Map, class instances
        for (const key in value) pending.push((value as Record<string, unknown>)[key]);
        continue;
      }
      default:
        return false; // undefined, bigint, function, symbol
    }
  }
  return true;
}
