import type { FieldIssue } from "../errors/request-validation-error.js";
import type { Int64Converter, Int64Paths } from "../operation.js";
import { pointerToken } from "./json-pointer.js";

const INEXACT =
  "is a number too large to be exact; the service must send it as an integer literal or a decimal string";
const MINUS = 0x2d;
const ZERO = 0x30;
const NINE = 0x39;

/**
 * Turns the int64 fields of a parsed, validated value into `bigint`: at each path, a decimal string
 * (`"990000000000000000"`, a TON logical time) or an integer number becomes a `bigint`. `"*"` in a
 * path stands for every array element or property value; an empty path is the value itself. Missing
 * fields, `null` and other values are left as they are. Objects are changed in place.
 *
 * @param value - The parsed value (e.g. from {@link parseJson}).
 * @param paths - Where the int64 fields are, as emitted by the generator.
 * @param converter - The generator's code for those paths, when it wrote one (faster than the paths).
 * @returns The value with those fields converted (a new value only when the root itself converts).
 * @example
 * convertInt64({ assetIssue: [{ total_supply: "990000000000000000" }] }, [["assetIssue", "*", "total_supply"]]);
 * // { assetIssue: [{ total_supply: 990000000000000000n }] }
 */
export function convertInt64<T = unknown>(value: T, paths: Int64Paths, converter?: Int64Converter): T {
  return (converter ? converter(value, convertLeaf, convertEach) : converterOf(paths)(value)) as T;
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
 * @param converter - The generator's code for those paths, when it wrote one (faster than the paths).
 * @returns The converted value, and one issue per inexact field, by JSON pointer.
 * @example
 * convertCheckedInt64({ total_supply: 1e30 }, [["total_supply"]], "").inexact;
 * // [{ pointer: "/total_supply", message: "is a number too large to be exact; …" }]
 */
export function convertCheckedInt64<T = unknown>(
  value: T,
  paths: Int64Paths,
  prefix: string,
  converter?: Int64Converter,
): { value: T; inexact: FieldIssue[] } {
  sawInexact = false;
  const converted = convertInt64(value, paths, converter);
  // Answers almost never hold one: only then are the paths walked again to name them.
  const inexact = sawInexact ? inexactFields(converted, paths, prefix) : [];
  return { value: converted, inexact };
}

/** Converts the fields below one position of a value, returning the position's new value. */
type Converter = (node: unknown) => unknown;

/** Runs `convert` over every element of an array or value of an object, storing what it returns. */
function convertEach(container: object, convert: Converter): void {
  if (Array.isArray(container)) {
    for (let i = 0; i < container.length; i++) container[i] = convert(container[i]);
    return;
  }
  const values = container as Record<string, unknown>;
  for (const name of Object.keys(values)) values[name] = convert(values[name]);
}

/**
 * Set by {@link convertLeaf} when a field holds an integer a number cannot hold exactly. Conversion
 * is synchronous, so one flag serves every call.
 */
let sawInexact = false;

const converters = new WeakMap<Int64Paths, Converter>();

/** Decimal strings up to this long are read once and their `bigint` shared (a `bigint` is immutable). */
const SHARED_DIGITS = 8;
/** The most shared `bigint`s kept; past it they are all dropped and collected again. */
const MOST_SHARED = 4096;
const sharedBigInts = new Map<string, bigint>();

/**
 * The converter of a module's paths, built on first use (a module's paths are the same array every
 * call): the paths merged by their common beginnings into one function per position, so a
 * transaction's fields are reached by one descent, and no step asks again what the paths say.
 */
function converterOf(paths: Int64Paths): Converter {
  let converter = converters.get(paths);
  if (converter === undefined) {
    converter = compile(paths.map((path) => [...path]));
    converters.set(paths, converter);
  }
  return converter;
}

/** The converter of the paths below one position (`paths` relative to it; `[]` ends here). */
function compile(paths: readonly string[][]): Converter {
  const endsHere = paths.some((path) => path.length === 0);
  const below = paths.filter((path) => path.length > 0);
  const every = below.filter((path) => path[0] === "*").map((path) => path.slice(1));
  const names = [...new Set(below.map((path) => path[0] as string).filter((name) => name !== "*"))];
  if (names.length === 0 && every.length === 0) return convertLeaf;
  const each = every.length > 0 ? compile(every) : undefined;
  const children = names.map((name) =>
    compile(below.filter((path) => path[0] === name).map((path) => path.slice(1))),
  );
  return (node) => {
    const value = endsHere ? convertLeaf(node) : node;
    if (value === null || typeof value !== "object") return value;
    const container = value as Record<string, unknown>;
    if (each !== undefined) convertEach(container, each);
    for (let i = 0; i < names.length; i++) {
      const key = names[i] as string;
      const item = container[key];
      // An inherited member (`constructor`, `__proto__`) is not a field of the answer.
      if (item !== undefined && Object.hasOwn(container, key))
        container[key] = (children[i] as Converter)(item);
    }
    return value;
  };
}

/** A wide integer field's value as a `bigint` when it is a decimal string or an integer number. */
function convertLeaf(value: unknown): unknown {
  if (typeof value === "string") return decimalBigInt(value);
  if (typeof value !== "number" || !Number.isInteger(value)) return value;
  if (Number.isSafeInteger(value)) return BigInt(value);
  // Not the integer the server wrote: left for validation to refuse.
  sawInexact = true;
  return value;
}

/**
 * A string of decimal digits (with an optional minus) as a `bigint`; any other string as it is.
 * `BigInt()` alone would also read blanks, `0x`/`0o`/`0b` forms and the empty string.
 */
function decimalBigInt(text: string): unknown {
  const length = text.length;
  let i = text.charCodeAt(0) === MINUS ? 1 : 0;
  if (i === length) return text;
  for (; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c < ZERO || c > NINE) return text;
  }
  if (length > SHARED_DIGITS) return BigInt(text);
  // Short amounts repeat (`"0"`, fees, gas limits): looking one up costs less than reading it again.
  let big = sharedBigInts.get(text);
  if (big === undefined) {
    if (sharedBigInts.size >= MOST_SHARED) sharedBigInts.clear();
    big = BigInt(text);
    sharedBigInts.set(text, big);
  }
  return big;
}

/**
 * The fields at the paths holding a number too large to be exact, path by path as the paths are
 * listed, then in document order, each named by its JSON pointer.
 */
function inexactFields(value: unknown, paths: Int64Paths, prefix: string): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const path of paths) {
    findInexact(value, path, 0, prefix, (pointer) => issues.push({ pointer, message: INEXACT }));
  }
  return issues;
}

function findInexact(
  node: unknown,
  path: readonly string[],
  depth: number,
  pointer: string,
  found: (pointer: string) => void,
): void {
  if (depth === path.length) {
    if (typeof node === "number" && Number.isInteger(node) && !Number.isSafeInteger(node)) found(pointer);
    return;
  }
  if (node === null || typeof node !== "object") return;
  const key = path[depth] as string;
  const container = node as Record<string, unknown>;
  if (key !== "*") {
    if (Object.hasOwn(container, key))
      findInexact(container[key], path, depth + 1, `${pointer}/${pointerToken(key)}`, found);
    return;
  }
  const names = Array.isArray(node) ? node.map((_item, index) => String(index)) : Object.keys(container);
  for (const name of names)
    findInexact(container[name], path, depth + 1, `${pointer}/${pointerToken(name)}`, found);
}
