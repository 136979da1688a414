import { hasLoneSurrogate } from "../credentials/secret-rules.js";
import type { FieldIssue } from "../errors/request-validation-error.js";
import { walkRequestValue } from "./walk-request-value.js";

/**
 * Why text holding half of a UTF-16 surrogate pair is refused. It has no UTF-8 form: a URL or
 * `TextEncoder` would send U+FFFD in its place, and JSON would carry the escape `\ud800`, which a
 * server rejects or stores as something else. Either way the service would not get what was meant.
 */
export const NOT_UNICODE_MESSAGE =
  "is not valid Unicode text: it holds a lone UTF-16 surrogate (half of a character, such as \\uD800 without its pair), which cannot be sent as UTF-8; check how the text was read or cut";

/**
 * The strings (values and keys) of a request value that are not valid Unicode text, because they
 * hold a lone UTF-16 surrogate.
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
  walkRequestValue(value, prefix, {
    value(item, pointer) {
      if (typeof item === "string" && hasLoneSurrogate(item))
        issues.push({ pointer, message: NOT_UNICODE_MESSAGE });
    },
    name(name, pointer) {
      if (hasLoneSurrogate(name)) issues.push({ pointer, message: `has a name that ${NOT_UNICODE_MESSAGE}` });
    },
  });
  return issues;
}
