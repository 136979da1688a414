/**
 * The converters of a surface, each written once: operations that answer the same shapes (every
 * call that returns a block or a transaction) import one module, `validators/int64/<name>.js`, so a
 * whole entry carries each converter once and a call loads only its own.
 */
export class Int64Converters {
  private readonly byCode = new Map<string, string>();
  private readonly taken = new Set<string>();

  /**
   * The name of the converter of `paths`, made the first time those paths are asked for.
   *
   * @param paths - Where the int64 fields are.
   * @param user - Who asks (an operation's id, with the status when not 200), to name a new one.
   * @returns The converter's export name; {@link importLine} imports it.
   */
  nameFor(paths: readonly (readonly string[])[], user: string): string {
    const code = int64ConverterCode(paths);
    const known = this.byCode.get(code);
    if (known !== undefined) return known;
    const base = `int64_${user.replace(/[^\w$]/g, "_")}`;
    let name = base;
    // Names are files too: two that differ only in case would be one file on some systems.
    for (let n = 2; this.taken.has(name.toLowerCase()); n++) name = `${base}_${n}`;
    this.taken.add(name.toLowerCase());
    this.byCode.set(code, name);
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
    return [...this.byCode].map(([code, name]) => ({
      path: `validators/${INT64_FOLDER}/${fileOf(name)}.js`,
      js: `export const ${name} = ${code};\n`,
    }));
  }
}

const INT64_FOLDER = "int64";

/** A converter's file, its name without the `int64_` every one starts with. */
function fileOf(name: string): string {
  return name.slice("int64_".length);
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
 * @returns A JavaScript function expression.
 * @example
 * int64ConverterCode([["lt"], ["out", "*", "value"]]);
 * // (v0, f, e) => { if (v0 && typeof v0 == "object") { … } return v0; }
 */
export function int64ConverterCode(paths: readonly (readonly string[])[]): string {
  const root = "v0";
  const endsHere = paths.some((path) => path.length === 0);
  const below = paths.filter((path) => path.length > 0);
  const conversion = endsHere ? `${root} = f(${root}); ` : "";
  const fields = below.length > 0 ? `${ifObject(root, fieldsOf(root, below, 1))} ` : "";
  return `(${root}, f, e) => { ${conversion}${fields}return ${root}; }`;
}

/** Statements that convert the fields at `paths` (relative, none empty) below the object `object`. */
function fieldsOf(object: string, paths: readonly (readonly string[])[], depth: number): string {
  const statements: string[] = [];
  const names = [...new Set(paths.map((path) => path[0] as string))];
  for (const name of names) {
    const rest = paths.filter((path) => path[0] === name).map((path) => path.slice(1));
    const endsHere = rest.some((path) => path.length === 0);
    const below = rest.filter((path) => path.length > 0);
    if (name === "*") {
      statements.push(`e(${object}, ${itemConverter(endsHere, below, depth)});`);
      continue;
    }
    const field = IDENTIFIER.test(name) ? `${object}.${name}` : `${object}[${JSON.stringify(name)}]`;
    const present = isInherited(name)
      ? `Object.hasOwn(${object}, ${JSON.stringify(name)})`
      : `${field} !== undefined`;
    if (below.length === 0) {
      statements.push(`if (${present}) ${field} = f(${field});`);
      continue;
    }
    const value = `v${depth}`;
    const inner = ifObject(value, fieldsOf(value, below, depth + 1));
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
function itemConverter(endsHere: boolean, below: readonly (readonly string[])[], depth: number): string {
  if (below.length === 0) return "f";
  const value = `v${depth}`;
  const conversion = endsHere ? `${value} = f(${value}); ` : "";
  return `(${value}) => { ${conversion}${ifObject(value, fieldsOf(value, below, depth + 1))} return ${value}; }`;
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
