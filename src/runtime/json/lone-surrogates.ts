import { hasLoneSurrogate } from "../credentials/secret-rules.js";
import type { FieldIssue } from "../errors/request-validation-error.js";

/** Past this many values the walk stops: a request that large is refused for its size elsewhere. */
const MOST_VALUES_CHECKED = 100_000;

/**
 * Why text holding half of a UTF-16 surrogate pair is refused. It has no UTF-8 form: a URL or
 * `TextEncoder` would send U+FFFD in its place, and JSON would carry the escape `\ud800`, which a
 * server rejects or stores as something else. Either way the service would not get what was meant.
 */
export const NOT_UNICODE_MESSAGE =
  "is not valid Unicode text: it holds a lone UTF-16 surrogate (half of a character, such as \\uD800 without its pair), which cannot be sent as UTF-8; check how the text was read or cut";

/**
 * The strings (values and keys) of a request value that are not valid Unicode text, because they
 * hold a lone UTF-16 surrogate. Walks with its own stack, so nesting depth is no limit.
 *
 * @param value - What the caller passed (query object, body, params).
 * @param prefix - JSON pointer of `value`, e.g. `/query`.
 * @returns One issue per such string or key, by JSON pointer.
 * @example
 * loneSurrogateIssues({ name: "archive \uD83D" }, "/body");
 * // [{ pointer: "/body/name", message: "is not valid Unicode text: it holds a lone UTF-16 surrogate …" }]
 */
export function loneSurrogateIssues(value: unknown, prefix: string): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const pending: [unknown, string][] = [[value, prefix]];
  for (let checked = 0; pending.length > 0 && checked < MOST_VALUES_CHECKED; checked++) {
    const [item, pointer] = pending.pop() as [unknown, string];
    if (typeof item === "string") {
      if (hasLoneSurrogate(item)) issues.push({ pointer, message: NOT_UNICODE_MESSAGE });
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) pending.push([item[i], `${pointer}/${i}`]);
    } else if (item !== null && typeof item === "object" && isPlain(item)) {
      for (const key of Object.keys(item).reverse()) {
        const at = `${pointer}/${escapePointer(key)}`;
        if (hasLoneSurrogate(key))
          issues.push({ pointer: at, message: `has a name that ${NOT_UNICODE_MESSAGE}` });
        pending.push([(item as Record<string, unknown>)[key], at]);
      }
    }
  }
  return issues;
}

function isPlain(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function escapePointer(token: string): string {
  return token.replace(/~/g, "~0").replace(/\//g, "~1");
}
