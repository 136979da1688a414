import type { FieldIssue } from "../errors/request-validation-error.js";

/** Past this many values the walk stops: a request that large is refused for its size elsewhere. */
const MOST_VALUES_CHECKED = 100_000;

/**
 * The integer numbers in a request value that a number cannot hold exactly (beyond ±(2^53 − 1), such
 * as `1e21` or `2 ** 64`): sent as they are, they would reach the service rounded, or as `1e+21` in a
 * query string. Pass such values as `bigint`. Walks with its own stack, so nesting depth is no limit.
 *
 * @param value - What the caller passed (query object, body, params).
 * @param prefix - JSON pointer of `value`, e.g. `/query`.
 * @returns One issue per unsafe integer, by JSON pointer.
 * @example
 * unsafeIntegerIssues({ page: 1e21 }, "/query");
 * // [{ pointer: "/query/page", message: "is an integer beyond 2^53 - 1, which a number cannot hold exactly; pass a bigint" }]
 */
export function unsafeIntegerIssues(value: unknown, prefix: string): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const pending: [unknown, string][] = [[value, prefix]];
  for (let checked = 0; pending.length > 0 && checked < MOST_VALUES_CHECKED; checked++) {
    const [item, pointer] = pending.pop() as [unknown, string];
    if (typeof item === "number") {
      if (Number.isInteger(item) && !Number.isSafeInteger(item)) {
        issues.push({
          pointer,
          message: "is an integer beyond 2^53 - 1, which a number cannot hold exactly; pass a bigint",
        });
      }
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) pending.push([item[i], `${pointer}/${i}`]);
    } else if (item !== null && typeof item === "object" && isPlain(item)) {
      for (const key of Object.keys(item).reverse()) {
        pending.push([(item as Record<string, unknown>)[key], `${pointer}/${escapePointer(key)}`]);
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
