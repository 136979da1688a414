import { FAILSAFE_SCHEMA, load, Type } from "js-yaml";
import type { ReadDocument } from "./exact-integers.js";

// YAML 1.2's core schema, as the `yaml` package reads it: the plain scalars that are not strings.
// js-yaml's own core schema is wider (signed hex, binary, `_` in numbers), so ours is spelled out.
const nullType = new Type("tag:yaml.org,2002:null", {
  kind: "scalar",
  resolve: (text: string) => /^(?:~|[Nn]ull|NULL)?$/.test(text),
  construct: () => null,
});
const boolType = new Type("tag:yaml.org,2002:bool", {
  kind: "scalar",
  resolve: (text: string) => /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/.test(text),
  construct: (text: string) => text.toLowerCase() === "true",
});
// An integer no number holds exactly (past 2^53 − 1) is read as a bigint, for `exact-integers.ts`.
const intType = new Type("tag:yaml.org,2002:int", {
  kind: "scalar",
  resolve: (text: string) => /^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$/.test(text),
  construct: (text: string) => {
    const value = text.startsWith("0o")
      ? Number.parseInt(text.slice(2), 8)
      : text.startsWith("0x")
        ? Number.parseInt(text.slice(2), 16)
        : Number(text);
    return Number.isSafeInteger(value) ? value : BigInt(text);
  },
});
const floatType = new Type("tag:yaml.org,2002:float", {
  kind: "scalar",
  resolve: (text: string) =>
    /^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/.test(
      text,
    ),
  construct: (text: string) => {
    const lower = text.toLowerCase();
    if (lower.endsWith(".nan")) return Number.NaN;
    if (lower.endsWith(".inf")) return lower.startsWith("-") ? -Infinity : Infinity;
    return Number(text);
  },
});
const CORE_SCHEMA = FAILSAFE_SCHEMA.extend({ implicit: [nullType, boolType, intType, floatType] });

/**
 * Reads YAML 1.2 (so JSON too) with js-yaml, several times faster than the `yaml` package on our
 * specs: the generator's usual path. Anything it refuses (a syntax error, a duplicate key, a tag it
 * does not know) is left to the `yaml` package, which says where the problem is.
 *
 * @param text - The file's content.
 * @returns The document (an integer past 2^53 − 1 a bigint), or `undefined` when js-yaml refuses the text.
 * @example
 * readYamlFast("port: 0x1F\nname: -0x1\n"); // { port: 31, name: "-0x1" }
 */
export function readYamlFast(text: string): ReadDocument | undefined {
  try {
    return load(text, { schema: CORE_SCHEMA }) as ReadDocument;
  } catch {
    return undefined;
  }
}
