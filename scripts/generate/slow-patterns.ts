import { TooManyNodesError } from "refa";
import { type Backtracking, patternBacktracking } from "./backtracking.js";
import type { SchemaSite } from "./check-schemas.js";
import { isObject } from "./json.js";
import { childPointer } from "./json-pointer.js";
import { shellWord } from "./regenerate-command.js";
import { walkSchema } from "./schema-walk.js";
import { SpecError } from "./spec-error.js";
import { unicodePattern } from "./unicode-pattern.js";

/** Which of a spec's patterns may backtrack super-linearly all the same: none by default. */
export interface PatternPolicy {
  /** Patterns, exactly as the spec writes them, whose risk the user accepts (`--allow-slow-pattern`). */
  allowSlowPatterns?: readonly string[];
}

/** A `pattern` or `patternProperties` key, and where the spec writes it. */
interface PatternSite {
  pattern: string;
  pointer: string;
}

/**
 * Refuses a spec whose `pattern`s or `patternProperties` keys can backtrack super-linearly: the
 * generated validators (and the mock, drift and the portal's try-it, which run them) test every
 * such pattern against strings a server or a user sends, and one crafted string would stall them
 * for seconds or for good. A pattern the policy allows passes with a note saying the same.
 *
 * @param file - The spec file, for the error.
 * @param sites - Every schema of the spec (`findSchemaSites`), its patterns already known to compile.
 * @throws {SpecError} At the first pattern that can, saying why, with an input that shows it, how to
 * rewrite it and the option that accepts it; the message names the others too, so one run shows them all.
 */
export function checkSlowPatterns(
  file: string,
  sites: readonly SchemaSite[],
  policy: PatternPolicy,
  note: (line: string) => void,
): void {
  const allowed = new Set(policy.allowSlowPatterns);
  const verdicts = new Map<string, Backtracking | "too large" | undefined>();
  const refused: (PatternSite & { verdict: Backtracking | "too large" })[] = [];
  for (const site of patternSites(sites)) {
    if (!verdicts.has(site.pattern)) verdicts.set(site.pattern, verdictOf(site.pattern));
    const verdict = verdicts.get(site.pattern);
    if (verdict === undefined) continue;
    if (allowed.has(site.pattern)) {
      note(
        `${file}#${site.pointer}: ${describePattern(site.pattern, verdict)}; allowed by --allow-slow-pattern`,
      );
    } else refused.push({ ...site, verdict });
  }
  const [first, ...others] = refused;
  if (first === undefined) return;
  const problem = [describePattern(first.pattern, first.verdict), howToFix(first.verdict)];
  const options = [...new Set(refused.map((site) => site.pattern))].map(
    (pattern) => `--allow-slow-pattern ${shellWord(pattern)}`,
  );
  problem.push(`if you accept the risk, allow it with ${options.join(" ")}`);
  if (others.length > 0) {
    const places = others.map((site) => site.pointer).join(", ");
    problem.push(
      `${others.length} more pattern${others.length === 1 ? "" : "s"} of this spec can too, at ${places}`,
    );
  }
  throw new SpecError(file, first.pointer, problem.join("; "));
}

/** Every pattern in the schemas, as the spec writes it, in document order. */
function patternSites(sites: readonly SchemaSite[]): PatternSite[] {
  const found: PatternSite[] = [];
  for (const site of sites) {
    walkSchema(site.schema, site.pointer, ({ schema, pointer }) => {
      if (typeof schema.pattern === "string") {
        found.push({ pattern: schema.pattern, pointer: childPointer(pointer, "pattern") });
      }
      if (isObject(schema.patternProperties)) {
        for (const key of Object.keys(schema.patternProperties)) {
          found.push({ pattern: key, pointer: childPointer(pointer, "patternProperties", key) });
        }
      }
    });
  }
  return found;
}

/** The pattern as the validators compile it, checked; too large to check is refused too, as no one can say it is safe. */
function verdictOf(pattern: string): Backtracking | "too large" | undefined {
  const compiled = unicodePattern(pattern);
  if (compiled === undefined) return undefined;
  try {
    return patternBacktracking(compiled);
  } catch (error) {
    if (error instanceof TooManyNodesError) return "too large";
    throw error;
  }
}

function describePattern(pattern: string, verdict: Backtracking | "too large"): string {
  if (verdict === "too large") {
    return `pattern ${quoted(pattern)} is too large to check for backtracking that grows faster than its input`;
  }
  const growth = verdict.exponential ? "exponentially" : "polynomially";
  const run = `${verdict.repeated.repeat(3)}…`;
  return `pattern ${quoted(pattern)} can backtrack ${growth}: ${verdict.cause}; a string with a long run like ${JSON.stringify(run)} where the pattern reaches it, then a character that does not fit, keeps a validator busy for seconds or more`;
}

function howToFix(verdict: Backtracking | "too large"): string {
  if (verdict === "too large") return "split it, or shorten its repetitions";
  if (verdict.rewrite !== undefined) {
    return `rewrite it as ${quoted(verdict.rewrite)}, which matches the same strings`;
  }
  return verdict.advice;
}

/** A pattern as a spec's author reads it (no JSON escapes), on one line. */
function quoted(pattern: string): string {
  return `"${pattern.replaceAll("\n", "\\n").replaceAll("\r", "\\r")}"`;
}
