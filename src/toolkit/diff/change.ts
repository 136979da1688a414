/**
 * One change between two versions of a spec, as `chainkit diff` reports it and the portal's
 * changelog lists it.
 */

/**
 * - `breaking`: an existing caller's request may now be refused, or an existing consumer may read a
 *   value it was not written for (or miss one it relied on);
 * - `non-breaking`: something new that existing callers and consumers do not notice;
 * - `info`: nothing changes on the wire (deprecations, tags, versions).
 */
export type Severity = "breaking" | "non-breaking" | "info";

/** The part of a spec a change is in (oasdiff's areas, so reports of both tools line up). */
export type ChangeArea =
  | "paths"
  | "parameters"
  | "request-body"
  | "responses"
  | "headers"
  | "schema"
  | "security"
  | "components"
  | "tags"
  | "info";

/** What about that part changed (oasdiff's kinds). */
export type ChangeKind =
  | "existence"
  | "requiredness"
  | "type"
  | "values"
  | "constraints"
  | "structure"
  | "lifecycle"
  | "mutability";

/** One classified change. */
export interface SpecChange {
  /** The rule that found it, e.g. `request-property-became-required` (stable; CI ignore lists use it). */
  rule: string;
  severity: Severity;
  area: ChangeArea;
  kind: ChangeKind;
  /** The operation (`GET /v1/nodes/{id}/`) or method (`eth_call`) it concerns; `""` for the whole spec. */
  operation: string;
  /** Where it is in the old version (JSON pointer), when it was there. */
  oldPointer?: string;
  /** Where it is in the new version (JSON pointer), when it is there. */
  newPointer?: string;
  /** What a caller or consumer sees, in one sentence. */
  message: string;
  /** What it does to the generated TypeScript client, in a few words. */
  client: string;
}

/** The semver bump a set of changes needs. */
export type SemverBump = "major" | "minor" | "patch" | "none";

/** The bump a set of changes needs: major for any breaking one, minor for additions, patch for the rest. */
export function suggestedBump(changes: readonly SpecChange[]): SemverBump {
  if (changes.some((change) => change.severity === "breaking")) return "major";
  if (changes.some((change) => change.severity === "non-breaking")) return "minor";
  return changes.length > 0 ? "patch" : "none";
}

/** Severities from the most to the least serious; `--fail-on x` fails on x and everything before it. */
export const SEVERITIES: readonly Severity[] = ["breaking", "non-breaking", "info"];

/** Whether any change is at least as serious as `threshold`. */
export function failsOn(changes: readonly SpecChange[], threshold: Severity): boolean {
  const limit = SEVERITIES.indexOf(threshold);
  return changes.some((change) => SEVERITIES.indexOf(change.severity) <= limit);
}
