import type { FieldIssue } from "../errors/request-validation-error.js";
import { walkRequestValue } from "./walk-request-value.js";

/**
 * The integer numbers in a request value that a number cannot hold exactly (beyond ±(2^53 − 1), such
 * as `1e21` or `2 ** 64`): sent as they are, they would reach the service rounded, or as `1e+21` in a
 * query string. Pass such values as `bigint`.
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
  walkRequestValue(value, prefix, {
    value(item, pointer) {
      if (typeof item === "number" && Number.isInteger(item) && !Number.isSafeInteger(item)) {
        issues.push({
          pointer,
          message: "is an integer beyond 2^53 - 1, which a number cannot hold exactly; pass a bigint",
        });
      }
    },
  });
  return issues;
}
