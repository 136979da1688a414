import type { FieldIssue } from "../errors/request-validation-error.js";
import type { Int64Paths } from "../operation.js";
import { pointerToken } from "./json-pointer.js";

const DECIMAL = /^-?\d+$/;
const INEXACT =
  "is a number too large to be exact; the service must send it as an integer literal or a decimal string";

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
  return new Int64Walk(undefined).run(value, paths) as T;
}

/**
 * {@link convertInt64} for a validated answer, in the same walk: a wide integer field that holds a
 * number too large to be exact (e.g. `1e30`) is not the integer the server meant, so it is reported
 * instead (the service must send an integer literal or a decimal string). The range of each field's
 * format is the validator's to check (it names the format in its issue). When there are issues,
 * throw the value away: some fields may be converted already.
 *
 * @param value - The parsed value.
 * @param paths - Where the wide integer fields are.
 * @param prefix - JSON pointer of `value` (e.g. `""` for a body, `"/result"`).
 * @returns The converted value, and one issue per inexact field, by JSON pointer.
 * @example
 * convertCheckedInt64({ total_supply: 1e30 }, [["total_supply"]], "").inexact;
 * // [{ pointer: "/total_supply", message: "is a number too large to be exact; …" }]
 */
export function convertCheckedInt64<T = unknown>(
  value: T,
  paths: Int64Paths,
  prefix: string,
): { value: T; inexact: FieldIssue[] } {
  const walk = new Int64Walk(prefix);
  const converted = walk.run(value, paths) as T;
  return { value: converted, inexact: walk.inexact };
}

/**
 * One walk over the int64 paths of a value. The keys of the current position are kept on a stack,
 * and made into a JSON pointer only for an inexact field: most answers have none, and building a
 * pointer per visited field cost more than the rest of the walk.
 */
class Int64Walk {
  readonly inexact: FieldIssue[] = [];
  private readonly keys: string[] = [];

  /** @param prefix - JSON pointer of the walked value when inexact numbers are reported; else `undefined`. */
  constructor(private readonly prefix: string | undefined) {}

  run(value: unknown, paths: Int64Paths): unknown {
    let result = value;
    for (const path of paths) result = this.at(result, path, 0);
    return result;
  }

  private at(node: unknown, path: readonly string[], depth: number): unknown {
    if (depth === path.length) return this.leaf(node);
    if (node === null || typeof node !== "object") return node;
    const key = path[depth] as string;
    if (key === "*") {
      if (Array.isArray(node)) {
        const named = this.prefix !== undefined;
        for (let i = 0; i < node.length; i++)
          node[i] = named ? this.child(node[i], String(i), path, depth) : this.at(node[i], path, depth + 1);
      } else {
        const container = node as Record<string, unknown>;
        for (const name of Object.keys(container))
          container[name] = this.child(container[name], name, path, depth);
      }
    } else if (Object.hasOwn(node, key)) {
      const container = node as Record<string, unknown>;
      container[key] = this.child(container[key], key, path, depth);
    }
    return node;
  }

  private child(node: unknown, key: string, path: readonly string[], depth: number): unknown {
    // A key is only needed to name an inexact field: skip the bookkeeping when they are not reported.
    if (this.prefix === undefined) return this.at(node, path, depth + 1);
    this.keys.push(key);
    const result = this.at(node, path, depth + 1);
    this.keys.pop();
    return result;
  }

  private leaf(value: unknown): unknown {
    if (typeof value === "string") return DECIMAL.test(value) ? BigInt(value) : value;
    if (typeof value !== "number" || !Number.isInteger(value)) return value;
    if (Number.isSafeInteger(value)) return BigInt(value);
    // An unsafe number is not the integer the server wrote: leave it for validation to refuse.
    if (this.prefix !== undefined) {
      const pointer = this.prefix + this.keys.map((key) => `/${pointerToken(key)}`).join("");
      this.inexact.push({ pointer, message: INEXACT });
    }
    return value;
  }
}
