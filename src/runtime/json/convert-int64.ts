import type { FieldIssue } from "../errors/request-validation-error.js";
import type { Int64Paths } from "../operation.js";
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
 * The widest integer a `format: int64` field may hold by default, in bits of a signed integer. The
 * specs use the format for "an exact bigint", and the indexer's token amounts run to 120 bits, so the
 * default bound is 256 bits (it still refuses a 5000-digit number); a surface whose wire type is a
 * real int64 (the wallet's protobuf fields) asks for 64.
 */
export const INT64_BITS = 256;

/**
 * The int64 fields of a parsed value that hold no int64: integers outside −2^(bits−1) … 2^(bits−1) − 1
 * (the decimal strings the lossless parser makes of large literals included), and numbers too large
 * to be exact. Missing fields and other types are left to schema validation.
 *
 * @param value - The parsed value, before {@link convertInt64}.
 * @param paths - Where the int64 fields are.
 * @param prefix - JSON pointer of `value` (e.g. `""` for a body, `"/result"`).
 * @param bits - The widest integer allowed, in bits (default {@link INT64_BITS}).
 * @returns One issue per field out of range, by JSON pointer.
 * @example
 * int64Issues({ total_supply: "18446744073709551616" }, [["total_supply"]], "", 64);
 * // [{ pointer: "/total_supply", message: "is outside the int64 range (-2^63 to 2^63 - 1)" }]
 */
export function int64Issues(
  value: unknown,
  paths: Int64Paths,
  prefix: string,
  bits: number = INT64_BITS,
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const range = rangeOf(bits);
  for (const path of paths) collectIssues(value, path, 0, prefix, issues, range);
  return issues;
}

interface Int64Range {
  min: bigint;
  max: bigint;
  /** The longest decimal text of a value in range, a cheap first check before `BigInt`. */
  mostChars: number;
  shown: string;
}

function rangeOf(bits: number): Int64Range {
  const half = 2n ** BigInt(bits - 1);
  const shown = bits === 64 ? "the int64 range" : `the ${bits}-bit range`;
  return {
    min: -half,
    max: half - 1n,
    mostChars: String(-half).length,
    shown: `${shown} (-2^${bits - 1} to 2^${bits - 1} - 1)`,
  };
}

function collectIssues(
  node: unknown,
  path: readonly string[],
  depth: number,
  pointer: string,
  issues: FieldIssue[],
  range: Int64Range,
) {
  if (depth === path.length) {
    const problem = int64Problem(node, range);
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
      range,
    );
  }
}

function int64Problem(value: unknown, range: Int64Range): string | undefined {
  if (typeof value === "number") {
    return Number.isInteger(value) && !Number.isSafeInteger(value)
      ? "is a number too large to be exact; the service must send it as an integer literal or a decimal string"
      : undefined;
  }
  if (typeof value !== "string" || !DECIMAL.test(value)) return undefined;
  const inRange = value.length <= range.mostChars && BigInt(value) >= range.min && BigInt(value) <= range.max;
  return inRange ? undefined : `is outside ${range.shown}`;
}
