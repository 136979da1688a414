import type { Json } from "./json.js";
import { childPointer } from "./json-pointer.js";
import { SpecError } from "./spec-error.js";

/**
 * How large a spec may be once read. A few bytes of YAML can expand to gigabytes through aliases,
 * and a small file can nest deeper than the parsers, bundlers and compilers after it can recurse
 * (600 levels abort V8), so a spec is measured before anything else walks it.
 */
export interface SpecLimits {
  /** How deep values may nest (objects and arrays; `--max-spec-depth`). */
  maxDepth: number;
  /** How many times YAML aliases (`*name`) may be expanded in all (`--max-yaml-aliases`). */
  maxAliases: number;
  /** How many megabytes the document may take once its aliases are expanded (`--max-spec-mb`). */
  maxMegabytes: number;
  /** How deep values may nest with each `$ref` followed into what it names (`--max-ref-depth`; `ref-depth.ts`). */
  maxRefDepth: number;
}

/**
 * Twice what the deepest and largest specs we know need: DigitalOcean's nests 31 levels and takes
 * 1 MB; chainkit's own specs nest at most 27 levels, and use no alias. With its `$ref`s followed,
 * the deepest we know (the service's published platform API) nests 36 levels; the generators after
 * the reader follow a `$ref` by calling themselves again, and ajv ran out of stack between 270 and
 * 410 levels of `$ref`ed array items, so 128 stays well away from both.
 */
export const DEFAULT_SPEC_LIMITS: SpecLimits = {
  maxDepth: 64,
  maxAliases: 1000,
  maxMegabytes: 16,
  maxRefDepth: 128,
};

/** The command-line option that raises each limit, for the error's advice. */
export const LIMIT_OPTIONS: Record<keyof SpecLimits, string> = {
  maxDepth: "--max-spec-depth",
  maxAliases: "--max-yaml-aliases",
  maxMegabytes: "--max-spec-mb",
  maxRefDepth: "--max-ref-depth",
};

/**
 * Measures a parsed document against `limits` without recursing (so no depth overflows the
 * measuring itself) and stops at the first excess. A YAML alias comes back from the parser as the
 * same object met again; it is counted each time, and its content measured as often as it appears
 * (what `spec.json`, the bundler and every later walk would see).
 *
 * @param file - Spec file name for error messages.
 * @throws {SpecError} Naming the pointer where the limit was passed, the limit and the option raising it.
 */
export function checkSpecLimits(file: string, doc: Json, limits: SpecLimits = DEFAULT_SPEC_LIMITS): void {
  const maxBytes = limits.maxMegabytes * 1024 * 1024;
  const seen = new Set<object>();
  const pending: { node: Json; pointer: string; depth: number }[] = [{ node: doc, pointer: "", depth: 0 }];
  let aliases = 0;
  let bytes = 0;
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { node, pointer, depth } = next;
    if (typeof node === "string") bytes += node.length + 3;
    else if (node === null || typeof node !== "object") bytes += 8;
    else {
      if (depth >= limits.maxDepth) {
        exceeded(pointer, "maxDepth", `nests deeper than ${limits.maxDepth} levels`);
      }
      if (seen.has(node) && ++aliases > limits.maxAliases) {
        exceeded(pointer, "maxAliases", `expands YAML aliases more than ${limits.maxAliases} times`);
      }
      seen.add(node);
      const entries: [string | number, Json][] = Array.isArray(node)
        ? [...node.entries()]
        : Object.entries(node);
      for (const [key, child] of entries) {
        bytes += typeof key === "string" ? key.length + 4 : 1;
        pending.push({ node: child, pointer: childPointer(pointer, key), depth: depth + 1 });
      }
    }
    if (bytes > maxBytes) {
      exceeded(
        pointer,
        "maxMegabytes",
        `takes more than ${limits.maxMegabytes} MB once its aliases are expanded`,
      );
    }
  }

  function exceeded(pointer: string, limit: keyof SpecLimits, what: string): never {
    throw new SpecError(
      file,
      pointer,
      `the spec ${what} here; if you trust it, raise the limit with ${LIMIT_OPTIONS[limit]} <n>`,
    );
  }
}

/** The limits with the defaults filled in where `given` names none. */
export function specLimits(given: Partial<SpecLimits> = {}): SpecLimits {
  return { ...DEFAULT_SPEC_LIMITS, ...given };
}
