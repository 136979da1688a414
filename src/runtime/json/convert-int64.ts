import type { FieldIssue } from "../errors/request-validation-error.js";
import type { Int64Paths } from "../operation.js";

const DECIMAL = /^-?\d+$/;

/**
 * Turns the int64 fields of a parsed, validated value into `bigint`: at each path, a decimal string
 * (`"990000000000000000"`, a TON logical time) or an integer number becomes a `bigint`. `"*"` in a
 * path stands for every array element or property value; an empty path is the value itself. Missing
 * fields, `null` and other values are left as they are. Objects are changed in place.
 *
 * @param value - The parsed value (e.g. from {@link parseJson}).
 * @param paths - Where the int64 fields are, as emitted by the generator.
 * @returns The value with those fields converted (a new value only when the root itself converts).
 * @example
 * convertInt64({ assetIssue: [{ total_supply: "990000000000000000" }] }, [["assetIssue", "*", "total_supply"]]);
 * // { assetIssue: [{ total_supply: 990000000000000000n }] }
 */
export function convertInt64<T = unknown>(value: T, paths: Int64Paths): T {
  let result: unknown = value;
  for (const path of paths) result = convertAt(result, path, 0);
  return result as T;
}

function convertAt(node: unknown, path: readonly string[], depth: number): unknown {
  if (depth === path.length) return toBigInt(node);
  if (node === null || typeof node !== "object") return node;
  const key = path[depth] as string;
  const container = node as Record<string, unknown>;
  if (key === "*") {
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) node[i] = convertAt(node[i], path, depth + 1);
    } else {
      for (const name of Object.keys(container))
        container[name] = convertAt(container[name], path, depth + 1);
    }
  } else if (Object.hasOwn(container, key)) {
    container[key] = convertAt(container[key], path, depth + 1);
  }
  return node;
}

function toBigInt(value: unknown): unknown {
  if (typeof value === "string" && DECIMAL.test(value)) return BigInt(value);
  // An unsafe number is not the integer the server wrote: leave it for validation to refuse.
  if (typeof value === "number" && Number.isSafeInteger(value)) return BigInt(value);
  return value;
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
/** Longest decimal text of an int64: `-9223372036854775808`. */
const INT64_MOST_CHARS = 20;

/**
 * The int64 fields of a parsed value that hold no int64: integers outside −2^63 … 2^63 − 1 (the
 * decimal strings the lossless parser makes of large literals included), and numbers too large to be
 * exact. Missing fields and other types are left to schema validation.
 *
 * @param value - The parsed value, before {@link convertInt64}.
 * @param paths - Where the int64 fields are.
 * @param prefix - JSON pointer of `value` (e.g. `""` for a body, `"/result"`).
 * @returns One issue per field out of range, by JSON pointer.
 * @example
 * int64Issues({ total_supply: "18446744073709551616" }, [["total_supply"]], "");
 * // [{ pointer: "/total_supply", message: "is outside the int64 range (-2^63 to 2^63 - 1)" }]
 */
export function int64Issues(value: unknown, paths: Int64Paths, prefix: string): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const path of paths) collectIssues(value, path, 0, prefix, issues);
  return issues;
}

function collectIssues(
  node: unknown,
  path: readonly string[],
  depth: number,
  pointer: string,
  issues: FieldIssue[],
) {
  if (depth === path.length) {
    const problem = int64Problem(node);
    if (problem !== undefined) issues.push({ pointer, message: problem });
    return;
  }
  if (node === null || typeof node !== "object") return;
  const key = path[depth] as string;
  const container = node as Record<string, unknown>;
  const names = key === "*" ? Object.keys(container) : Object.hasOwn(container, key) ? [key] : [];
  for (const name of names) {
    collectIssues(
      container[name],
      path,
      depth + 1,
      `${pointer}/${name.replace(/~/g, "~0").replace(/\//g, "~1")}`,
      issues,
    );
  }
}

function int64Problem(value: unknown): string | undefined {
  if (typeof value === "number") {
    return Number.isInteger(value) && !Number.isSafeInteger(value)
      ? "is a number too large to be exact; the service must send it as an integer literal or a decimal string"
      : undefined;
  }
  if (typeof value !== "string" || !DECIMAL.test(value)) return undefined;
  const inRange =
    value.length <= INT64_MOST_CHARS && BigInt(value) >= INT64_MIN && BigInt(value) <= INT64_MAX;
  return inRange ? undefined : "is outside the int64 range (-2^63 to 2^63 - 1)";
}
