import type { PatternPolicy } from "../../scripts/generate/slow-patterns.js";

/**
 * The option that lets a spec's pattern backtrack super-linearly all the same, as `generate`,
 * `docs`, `mock`, `drift` and `proxy` take it: the commands that compile a spec's patterns into
 * validators (`diff` only compares their text). Each command words its help in its own columns.
 */
export const PATTERN_OPTIONS = {
  "allow-slow-pattern": { type: "string", multiple: true },
} as const;

/**
 * The patterns allowed with {@link PATTERN_OPTIONS}: none by default.
 *
 * @param values - The parsed command line.
 * @example
 * patternPolicyOf({ "allow-slow-pattern": ["^(a+)+$"] }); // { allowSlowPatterns: ["^(a+)+$"] }
 */
export function patternPolicyOf(values: { "allow-slow-pattern"?: string[] }): Required<PatternPolicy> {
  return { allowSlowPatterns: values["allow-slow-pattern"] ?? [] };
}
