import type { FieldIssue } from "../errors/request-validation-error.js";
import type { Int64Paths } from "../operation.js";
import { pointerToken } from "./json-pointer.js";
import { mapAtPaths } from "./map-at-paths.js";

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
  return mapAtPaths(value, paths, toBigInt);
}

function toBigInt(value: unknown): unknown {
  if (typeof value === "string" && DECIMAL.test(value)) return BigInt(value);
  // An unsafe number is not the integer the server wrote: leave it for validation to refuse.
  if (typeof value === "number" && Number.isSafeInteger(value)) return BigInt(value);
  return value;
}

/**
 * The wide integer fields of a parsed value that hold a number too large to be exact (e.g. `1e30`):
 * what the server meant is lost, so it must send an integer literal or a decimal string. The range
 * of each field's format is the validator's to check (it names the format in its issue).
 *
 * @param value - The parsed value, before {@link convertInt64}.
 * @param paths - Where the wide integer fields are.
 * @param prefix - JSON pointer of `value` (e.g. `""` for a body, `"/result"`).
 * @returns One issue per inexact field, by JSON pointer.
 * @example
 * inexactIntegerIssues({ total_supply: 1e30 }, [["total_supply"]], "");
 * // [{ pointer: "/total_supply", message: "is a number too large to be exact; …" }]
 */
export function inexactIntegerIssues(value: unknown, paths: Int64Paths, prefix: string): FieldIssue[] {
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
    if (typeof node === "number" && Number.isInteger(node) && !Number.isSafeInteger(node)) {
      issues.push({
        pointer,
        message:
          "is a number too large to be exact; the service must send it as an integer literal or a decimal string",
      });
    }
    return;
  }
  if (node === null || typeof node !== "object") return;
  const key = path[depth] as string;
  const container = node as Record<string, unknown>;
  const names = key === "*" ? Object.keys(container) : Object.hasOwn(container, key) ? [key] : [];
  for (const name of names) {
    const child = `${pointer}/${pointerToken(name)}`;
    collectIssues(container[name], path, depth + 1, child, issues);
  }
}
