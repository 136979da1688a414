import { RequestValidationError } from "../errors/request-validation-error.js";
import { ResponseValidationError } from "../errors/response-validation-error.js";

/**
 * The list of one page, or a typed error when the answer has none where the spec puts it.
 *
 * @param answer - One page's answer.
 * @param field - The property holding the items (the spec's `x-paging.items`).
 * @param operation - The operation id, for the error.
 * @returns The items.
 * @throws {ResponseValidationError} when the property is not an array.
 * @example
 * pageItems({ results: [1, 2] }, "results", "listNodes"); // [1, 2]
 */
export function pageItems(answer: unknown, field: string, operation: string): readonly unknown[] {
  const items =
    answer !== null && typeof answer === "object" ? (answer as Record<string, unknown>)[field] : undefined;
  if (!Array.isArray(items)) {
    throw new ResponseValidationError(operation, 200, [
      { pointer: `/${field}`, message: "must be an array" },
    ]);
  }
  return items;
}

/**
 * The identity of an item from its key fields (the spec's `x-paging.key`), or undefined when one is
 * missing or null.
 *
 * @param item - One item of a page.
 * @param fields - The fields that together identify an item.
 * @returns A string equal for equal keys.
 * @example
 * itemKey({ node_id: "ND-1", datetime: "2026-07-16T00:00:00Z" }, ["node_id", "datetime"]);
 */
export function itemKey(item: unknown, fields: readonly string[]): string | undefined {
  if (item === null || typeof item !== "object") return undefined;
  const values = fields.map((field) => (item as Record<string, unknown>)[field]);
  if (values.some((value) => value === undefined || value === null)) return undefined;
  return values.map(String).join("\u0000");
}

/**
 * Checks a count a pager was given before anything is sent; `Infinity` stands for "no bound".
 *
 * @param operation - The operation id, for the error.
 * @param value - The count.
 * @param pointer - Where the count was given, e.g. `/options/max`.
 * @param min - The smallest count allowed.
 * @returns The count.
 * @throws {RequestValidationError} when it is not a whole number of at least `min`.
 * @example
 * pagingCount("listNodes", 5, "/options/max", 0); // 5
 */
export function pagingCount(operation: string, value: unknown, pointer: string, min: number): number {
  const whole = typeof value === "number" && (Number.isInteger(value) || value === Number.POSITIVE_INFINITY);
  if (!whole || value < min) {
    throw new RequestValidationError(operation, [
      { pointer, message: `must be a whole number of at least ${min}` },
    ]);
  }
  return value;
}
