/**
 * One copy of each validate function that a module repeats. ajv compiles a function per schema it
 * is asked for, so two schemas written alike in two places of a spec (an `{ oid, coin }` pair in
 * two responses, an error body in two operations) become two functions that differ only in their
 * names and in the names of the constants they read. Once their issues carry no schema paths
 * (`compact-errors.ts`), such functions are the same code: this keeps the first and points every
 * reference to the others at it.
 *
 * Two functions are the same when their text is, letter for letter, after reading each module
 * constant they use as its declaration (`schema12.enum` and `schema30.enum` match only when both
 * constants hold the same JSON), each validate function they call as the function it was merged
 * into, and their own name as a placeholder. Merging runs until nothing changes, so callers of
 * merged functions are compared again. String literals are data: no name inside one is read or
 * rewritten, and neither is a property (`data.validate12`).
 */

/** A function as ajv's standalone code writes it with `code.lines`: it ends by publishing its issues. */
const FUNCTION =
  /^function (validate\d+)\(.*\)\{\n[\s\S]*?\n\1\.errors = vErrors;\nreturn errors === 0;\n\}\n/gm;

/** A module-level constant ajv declares for its functions (a schema, a RegExp, a bound helper, a ref holder). */
const CONSTANT = /^const ((?:schema|pattern|func|formats|wrapper|root)\d+) = (.*);\n/gm;

/** A double-quoted string literal, the only kind ajv's code and our helpers' calls contain. */
const STRING_LITERAL = /"(?:[^"\\\n]|\\.)*"/g;

/** A name of a function or constant standing as a value, not a property (`.x`) nor part of a longer name. */
const NAME = /(?<![\w$.])((?:validate|schema|pattern|func|formats|wrapper|root)\d+)(?![\w$])/g;

/**
 * The module with each function that repeats an earlier one removed and its references pointed at
 * that one, and the constants only the removed ones read dropped.
 *
 * @param code - A validators module or chunk after `compactErrorPushes` (one statement a line).
 * @returns The code, and each removed function's name with the name of the one that replaces it.
 * @example
 * const { code, merged } = mergedIdenticalFunctions(moduleSource);
 * // merged: Map { "validate76" => "validate61" }
 */
export function mergedIdenticalFunctions(code: string): {
  code: string;
  merged: ReadonlyMap<string, string>;
} {
  // A function that publishes what it evaluated is followed by a statement this does not read.
  if (code.includes(".evaluated = ")) return { code, merged: new Map() };
  const constants = new Map<string, string>();
  for (const [, name, value] of code.matchAll(CONSTANT)) constants.set(name as string, value as string);
  const functions = new Map<string, string>();
  for (const [text, name] of code.matchAll(FUNCTION)) {
    if (!text.slice(1).includes("\nfunction ")) functions.set(name as string, text);
  }
  const merged = new Map<string, string>();
  const target = (name: string): string => {
    let found = name;
    while (merged.has(found)) found = merged.get(found) as string;
    return found;
  };
  // What a name stands for when two functions are compared.
  const meaning = (name: string, self: string, depth: number): string => {
    if (name === self) return "<self>";
    if (functions.has(name)) return target(name);
    const value = constants.get(name);
    // A constant's declaration can name another (a pattern made by the bound engine): read it too.
    return value === undefined || depth > 3 ? name : `<${shape(value, self, depth + 1)}>`;
  };
  const shape = (text: string, self: string, depth = 0): string =>
    outsideStrings(text, (part) => part.replace(NAME, (name) => meaning(name, self, depth)));
  let changed = true;
  while (changed) {
    changed = false;
    const firstOfShape = new Map<string, string>();
    for (const [name, text] of functions) {
      if (merged.has(name)) continue;
      const key = shape(text, name);
      const first = firstOfShape.get(key);
      if (first === undefined) firstOfShape.set(key, name);
      else {
        merged.set(name, first);
        changed = true;
      }
    }
  }
  if (merged.size === 0) return { code, merged };
  const final = new Map([...merged.keys()].map((name) => [name, target(name)]));
  let out = code.replace(FUNCTION, (text, name: string) => (final.has(name) ? "" : text));
  out = outsideStrings(out, (part) => part.replace(NAME, (name) => final.get(name) ?? name));
  return { code: withoutUnreadConstants(out), merged: final };
}

/** Applies `rewrite` to the code between string literals, leaving the literals as they are. */
function outsideStrings(code: string, rewrite: (part: string) => string): string {
  let out = "";
  let last = 0;
  for (const literal of code.matchAll(STRING_LITERAL)) {
    out += rewrite(code.slice(last, literal.index)) + literal[0];
    last = literal.index + literal[0].length;
  }
  return out + rewrite(code.slice(last));
}

/** Drops the declarations of constants nothing reads any more (those of the removed functions). */
function withoutUnreadConstants(code: string): string {
  const reads = new Map<string, number>();
  outsideStrings(code, (part) => {
    for (const [name] of part.matchAll(NAME)) reads.set(name, (reads.get(name) ?? 0) + 1);
    return part;
  });
  // Its own declaration is one mention; a constant read elsewhere has more.
  const dropped = code.replace(CONSTANT, (line, name: string) => ((reads.get(name) ?? 0) > 1 ? line : ""));
  return dropped === code ? code : withoutUnreadConstants(dropped);
}
