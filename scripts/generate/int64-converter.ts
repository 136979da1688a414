import { sourceLiteral } from "./source-text.js";

/** Key paths of wide integer fields, relative to a position (`[]` is the position itself). */
type Paths = readonly (readonly string[])[];

/**
 * The converters of a surface, each written once: operations that answer the same shapes (every
 * call that returns a block or a transaction) import one module, `validators/int64/<name>.js`, so a
 * whole entry carries each converter once and a call loads only its own. A part that several
 * converters share (a transaction inside blocks and pages) is a converter of its own, which they
 * call.
 */
export class Int64Converters {
  /** The converters asked for, by their paths' key. */
  private readonly roots = new Map<string, { name: string; paths: Paths }>();
  /** The shared parts found by the last {@link sharedParts}, by their paths' key. */
  private readonly parts = new Map<string, Paths>();
  private readonly taken = new Set<string>();

  /**
   * The name of the converter of `paths`, made the first time those paths are asked for.
   *
   * @param paths - Where the int64 fields are.
   * @param user - Who asks (an operation's id, with the status when not 200), to name a new one.
   * @returns The converter's export name; {@link importLine} imports it.
   */
  nameFor(paths: Paths, user: string): string {
    const key = keyOf(paths);
    const known = this.roots.get(key);
    if (known !== undefined) return known.name;
    const name = this.newName(user);
    this.roots.set(key, { name, paths });
    return name;
  }

  /**
   * The import of a converter, for a module in `validators/`.
   *
   * @param name - From {@link nameFor}.
   */
  importLine(name: string): string {
    return `import { ${name} } from "./${INT64_FOLDER}/${fileOf(name)}.js";`;
  }

  /** The converters' modules, by path under the surface's folder. */
  files(): { path: string; js: string }[] {
    const shared = this.sharedParts();
    return [...shared].map(([key, name]) => {
      const uses = new Set<string>();
      const code = int64ConverterCode(this.pathsOf(key), { shared, uses });
      const imports = [...uses].sort().map((used) => `import { ${used} } from "./${fileOf(used)}.js";\n`);
      return {
        path: `validators/${INT64_FOLDER}/${fileOf(name)}.js`,
        js: `${imports.join("")}export const ${name} = ${code};\n`,
      };
    });
  }

  /**
   * Every converter to write, by its paths' key: those asked for, and each part (the fields below
   * one position) that more than one converter would hold and that has more than
   * {@link MOST_INLINE_FIELDS} fields, the largest first, named after its first place.
   */
  private sharedParts(): Map<string, string> {
    const shared = new Map([...this.roots].map(([key, { name }]) => [key, name]));
    this.parts.clear();
    for (;;) {
      const found = new Map<string, { count: number; paths: Paths; place: string }>();
      for (const [key, name] of shared) {
        forEachPart(this.pathsOf(key), fileOf(name), shared, (part, place) => {
          const seen = found.get(keyOf(part));
          if (seen) seen.count++;
          else found.set(keyOf(part), { count: 1, paths: part, place });
        });
      }
      const candidates = [...found].filter(
        ([key, { count, paths }]) =>
          !shared.has(key) &&
          count > 1 &&
          paths.filter((path) => path.length > 0).length > MOST_INLINE_FIELDS,
      );
      if (candidates.length === 0) return shared;
      const [key, { paths, place }] = candidates.reduce((a, b) =>
        b[1].paths.length > a[1].paths.length ? b : a,
      );
      shared.set(key, this.newName(place));
      this.parts.set(key, paths);
    }
  }

  private pathsOf(key: string): Paths {
    return this.roots.get(key)?.paths ?? (this.parts.get(key) as Paths);
  }

  private newName(user: string): string {
    const base = `int64_${user.replace(/[^\w$]/g, "_")}`;
    let name = base;
    // Names are files too: two that differ only in case would be one file on some systems.
    for (let n = 2; this.taken.has(name.toLowerCase()); n++) name = `${base}_${n}`;
    this.taken.add(name.toLowerCase());
    return name;
  }
}

const INT64_FOLDER = "int64";
/** A part with at most this many fields is written where it is used, not called. */
const MOST_INLINE_FIELDS = 3;

/** A converter's file, its name without the `int64_` every one starts with. */
function fileOf(name: string): string {
  return name.slice("int64_".length);
}

function keyOf(paths: Paths): string {
  return sourceLiteral(paths);
}

/**
 * The paths below each position under the root that has fields below it, with a name for the
 * position; not below a part written apart (in `apart`), which the converter calls.
 */
function forEachPart(
  paths: Paths,
  place: string,
  apart: ReadonlyMap<string, string>,
  visit: (part: Paths, place: string) => void,
): void {
  for (const [name, rest] of byFirstKey(paths.filter((path) => path.length > 0))) {
    if (!rest.some((path) => path.length > 0)) continue;
    const here = name === "*" ? `${place}_item` : `${place}_${name}`;
    visit(rest, here);
    if (!apart.has(keyOf(rest))) forEachPart(rest, here, apart, visit);
  }
}

/** The paths grouped by their first key, each with the rest of its paths, in order of first appearance. */
function byFirstKey(paths: Paths): [string, Paths][] {
  const groups = new Map<string, string[][]>();
  for (const path of paths) {
    const [first, ...rest] = path as [string, ...string[]];
    const group = groups.get(first) ?? [];
    group.push(rest);
    groups.set(first, group);
  }
  return [...groups];
}

/** How {@link int64ConverterCode} calls converters written apart. */
export interface SharedConverters {
  /** Converter names by their paths' key (see `keyOf`): a part with one of these is called. */
  shared: ReadonlyMap<string, string>;
  /** Gets the names called. */
  uses: Set<string>;
}

/**
 * Writes the code that turns the wide integer fields of an answer into `bigint`s (the runtime's
 * `Int64Converter`): one straight-line function per set of int64 paths, in place of walking the
 * paths at run time. Each field is reached by a property read of a constant name, which the engine
 * makes fast; a walk that looks names up from a list reads each one generically.
 *
 * The function takes `(v, f, e)`: `f` is the runtime's conversion of one field (it also notes
 * numbers too large to be exact), `e` runs a function over every array element or property value
 * (`"*"` in a path).
 *
 * @param paths - Where the int64 fields are (as `findInt64Paths` finds them).
 * @param sharing - Converters written apart, which parts with their paths call instead.
 * @returns A JavaScript function expression.
 * @example
 * int64ConverterCode([["lt"], ["out", "*", "value"]]);
 * // (v0, f, e) => { if (v0 && typeof v0 == "object") { … } return v0; }
 */
export function int64ConverterCode(paths: Paths, sharing?: SharedConverters): string {
  const root = "v0";
  const endsHere = paths.some((path) => path.length === 0);
  const below = paths.filter((path) => path.length > 0);
  const conversion = endsHere ? `${root} = f(${root}); ` : "";
  const fields = below.length > 0 ? `${ifObject(root, fieldsOf(root, below, 1, sharing))} ` : "";
  return `(${root}, f, e) => { ${conversion}${fields}return ${root}; }`;
}

/** Statements that convert the fields at `paths` (relative, none empty) below the object `object`. */
function fieldsOf(
  object: string,
  paths: Paths,
  depth: number,
  sharing: SharedConverters | undefined,
): string {
  const statements: string[] = [];
  for (const [name, rest] of byFirstKey(paths)) {
    const endsHere = rest.some((path) => path.length === 0);
    const below = rest.filter((path) => path.length > 0);
    const called = below.length > 0 ? sharing?.shared.get(keyOf(rest)) : undefined;
    if (called !== undefined) sharing?.uses.add(called);
    if (name === "*") {
      const item =
        called === undefined ? itemConverter(endsHere, below, depth, sharing) : `(x) => ${called}(x, f, e)`;
      statements.push(`e(${object}, ${item});`);
      continue;
    }
    const field = IDENTIFIER.test(name) ? `${object}.${name}` : `${object}[${sourceLiteral(name)}]`;
    const present = isInherited(name)
      ? `Object.hasOwn(${object}, ${sourceLiteral(name)})`
      : `${field} !== undefined`;
    if (below.length === 0) {
      statements.push(`if (${present}) ${field} = f(${field});`);
      continue;
    }
    if (called !== undefined) {
      // A called converter changes an object in place: only a converted field itself is stored back.
      const call = `${called}(${field}, f, e)`;
      statements.push(endsHere || isInherited(name) ? `if (${present}) ${field} = ${call};` : `${call};`);
      continue;
    }
    const value = `v${depth}`;
    const inner = ifObject(value, fieldsOf(value, below, depth + 1, sharing));
    if (isInherited(name)) {
      const converted = endsHere ? `${value} = ${field} = f(${value}); ` : "";
      statements.push(`if (${present}) { let ${value} = ${field}; ${converted}${inner} }`);
    } else {
      // A missing field reads as undefined, which is no object: only a conversion must not add it.
      const converted = endsHere ? `if (${value} !== undefined) ${value} = ${field} = f(${value}); ` : "";
      statements.push(`{ let ${value} = ${field}; ${converted}${inner} }`);
    }
  }
  return statements.join(" ");
}

/** The function `e` runs over each element or property value: it returns the item's new value. */
function itemConverter(
  endsHere: boolean,
  below: Paths,
  depth: number,
  sharing: SharedConverters | undefined,
): string {
  if (below.length === 0) return "f";
  const value = `v${depth}`;
  const conversion = endsHere ? `${value} = f(${value}); ` : "";
  return `(${value}) => { ${conversion}${ifObject(value, fieldsOf(value, below, depth + 1, sharing))} return ${value}; }`;
}

function ifObject(value: string, statements: string): string {
  return `if (${value} && typeof ${value} == "object") { ${statements} }`;
}

/** A property name that needs no quotes after a dot. */
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * Whether a name is also a member every parsed object or array inherits (`constructor`,
 * `__proto__`, `length`): only its own property is a field, so its presence is asked of the object.
 */
function isInherited(name: string): boolean {
  return name in Object.prototype || name in Array.prototype;
}
