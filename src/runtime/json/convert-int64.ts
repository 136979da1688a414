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

/** The paths merged by their common beginnings, so that one walk visits each field once. */
interface PathTree {
  /** The indexes of the paths that end here. */
  ends: number[];
  /** Below `"*"`: every element or property value. */
  each?: PathTree;
  /** Below each named key. */
  keys: [string, PathTree][];
}

const trees = new WeakMap<Int64Paths, PathTree>();

/** The tree of a module's paths, made on first use (a module's paths are the same array every call). */
function pathTree(paths: Int64Paths): PathTree {
  let tree = trees.get(paths);
  if (tree !== undefined) return tree;
  tree = { ends: [], keys: [] };
  paths.forEach((path, index) => {
    let node = tree as PathTree;
    for (const key of path) {
      if (key === "*") {
        node.each ??= { ends: [], keys: [] };
        node = node.each;
        continue;
      }
      let next = node.keys.find(([name]) => name === key)?.[1];
      if (next === undefined) {
        next = { ends: [], keys: [] };
        node.keys.push([key, next]);
      }
      node = next;
    }
    node.ends.push(index);
  });
  trees.set(paths, tree);
  return tree;
}

/**
 * One walk over the int64 paths of a value, along their merged tree: a transaction's fields are
 * reached by one descent, not one per path. The keys of the current position are kept on a stack,
 * and made into a JSON pointer only for an inexact field: most answers have none, and building a
 * pointer per visited field cost more than the rest of the walk.
 */
class Int64Walk {
  private readonly found: { path: number; issue: FieldIssue }[] = [];
  private readonly keys: string[] = [];

  /** @param prefix - JSON pointer of the walked value when inexact numbers are reported; else `undefined`. */
  constructor(private readonly prefix: string | undefined) {}

  /** The inexact fields, path by path as the paths are listed (then in document order). */
  get inexact(): FieldIssue[] {
    return this.found.sort((a, b) => a.path - b.path).map(({ issue }) => issue);
  }

  run(value: unknown, paths: Int64Paths): unknown {
    return this.visit(value, pathTree(paths));
  }

  private visit(node: unknown, tree: PathTree): unknown {
    let value = node;
    for (const path of tree.ends) value = this.leaf(value, path);
    if (value === null || typeof value !== "object") return value;
    const { each } = tree;
    if (each !== undefined) {
      if (Array.isArray(value)) {
        const named = this.prefix !== undefined;
        for (let i = 0; i < value.length; i++)
          value[i] = named ? this.child(value[i], String(i), each) : this.visit(value[i], each);
      } else {
        const container = value as Record<string, unknown>;
        for (const name of Object.keys(container)) container[name] = this.child(container[name], name, each);
      }
    }
    for (const [key, below] of tree.keys) {
      if (!Object.hasOwn(value, key)) continue;
      const container = value as Record<string, unknown>;
      container[key] = this.child(container[key], key, below);
    }
    return value;
  }

  private child(node: unknown, key: string, tree: PathTree): unknown {
    // A key is only needed to name an inexact field: skip the bookkeeping when they are not reported.
    if (this.prefix === undefined) return this.visit(node, tree);
    this.keys.push(key);
    const result = this.visit(node, tree);
    this.keys.pop();
    return result;
  }

  private leaf(value: unknown, path: number): unknown {
    if (typeof value === "string") return DECIMAL.test(value) ? BigInt(value) : value;
    if (typeof value !== "number" || !Number.isInteger(value)) return value;
    if (Number.isSafeInteger(value)) return BigInt(value);
    // An unsafe number is not the integer the server wrote: leave it for validation to refuse.
    if (this.prefix !== undefined) {
      const pointer = this.prefix + this.keys.map((key) => `/${pointerToken(key)}`).join("");
      this.found.push({ path, issue: { pointer, message: INEXACT } });
    }
    return value;
  }
}
