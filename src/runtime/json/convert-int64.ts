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
  if (typeof value === "number" && Number.isInteger(value)) return BigInt(value);
  return value;
}
