/**
 * One place where traffic and spec disagree, as the proxy, `chainkit drift`, `chainkit check` and a
 * client in `validation: "report"` mode all record it. The first six fields are the shape a client's
 * `onViolation(v)` callback receives, so its records feed the same report.
 */
export interface DriftRecord {
  /** The operationId, or the JSON-RPC method. */
  operation: string;
  /** Whether the request or the answer disagrees with the spec. */
  direction: "request" | "response";
  /**
   * JSON pointer to the value, as the runtime's validation errors write it: `/body/…`, `/query/…`,
   * `/params/0/…` for requests; into the body for a REST answer, `/result/…` for a JSON-RPC one.
   */
  pointer: string;
  /** The schema keyword that refused the value (`type`, `enum`, `required`, …), or a drift rule (`undocumented-property`, …). */
  rule: string;
  /** What is wrong, in words. */
  message: string;
  /** The value as JSON text, cut short, with secrets replaced by `***`; absent for a missing value. */
  sample?: string;
  /** The HTTP status of the answer, when the record is about one. */
  status?: number;
}

/** Rules that the generated validators do not enforce, but that show the spec is behind the service. */
export const UNDOCUMENTED_RULES: ReadonlySet<string> = new Set([
  "undocumented-property",
  "undocumented-enum-value",
  "undocumented-error-code",
]);

/**
 * Whether a record is a violation (a generated client with validation on throws on it) rather than
 * something undocumented that clients accept.
 *
 * @example
 * isViolation({ rule: "enum" }); // true: a value the spec refuses, not an undocumented one
 */
export function isViolation(record: Pick<DriftRecord, "rule">): boolean {
  return !UNDOCUMENTED_RULES.has(record.rule);
}
