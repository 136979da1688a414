import type { FieldIssue } from "../errors/request-validation-error.js";
import type { SecretPaths } from "../operation.js";
import type { FailedCheck } from "./failed-check.js";
import { describeIssues } from "./field-issues.js";
import { scrubIssues } from "./scrub-issues.js";
import type { ValidationViolation, ViolationHandler } from "./validation-violation.js";

/** An answer whose violations are reported, and where. Loaded only once an answer disagrees with its spec. */
export interface ViolationReport {
  operation: string;
  /** The checked value (a REST body, a JSON-RPC result), before int64 conversion. */
  answer: unknown;
  /** The pointer of `answer` in what the pointers name (`""`, or `"/result"`). */
  prefix: string;
  /** Where the answer's secret fields sit: no sample is taken at, above or below them. */
  secrets: SecretPaths | undefined;
  /** Scrubs the client's credentials from pointers, messages and samples. */
  redact: (text: string) => string;
  onViolation: ViolationHandler;
}

/** An issue found outside a validator (a status, a body that is not JSON), with its rule. */
export interface RuleIssue extends FieldIssue {
  rule: string;
}

const SAMPLE_LENGTH = 120;

/**
 * Words what failed and hands each violation to the client's `onViolation`, in the validator's order.
 *
 * @param report - The answer, its secrets and the handler.
 * @param failed - Failed checks (see `failedCheck`).
 * @param issues - Other issues, already worded.
 */
export function reportViolations(
  report: ViolationReport,
  failed: readonly FailedCheck[],
  issues: readonly RuleIssue[] = [],
): void {
  const described = [
    ...failed.flatMap((check) => describeIssues(check.issues, check.prefix)),
    ...issues.map((issue) => ({ ...issue, keyword: issue.rule })),
  ];
  for (const issue of described) {
    const [scrubbed] = scrubIssues([issue], report.redact) as [FieldIssue];
    const violation: ValidationViolation = {
      operation: report.operation,
      direction: "response",
      pointer: scrubbed.pointer,
      rule: issue.keyword,
      message: scrubbed.message,
    };
    const sample = sampleAt(report, issue.pointer);
    if (sample !== undefined) violation.sample = sample;
    report.onViolation(violation);
  }
}

/** The value at a pointer as short JSON, scrubbed; `undefined` when there is none or it could hold a secret. */
function sampleAt(report: ViolationReport, pointer: string): string | undefined {
  if (pointer !== report.prefix && !pointer.startsWith(`${report.prefix}/`)) return undefined;
  const keys = pointer
    .slice(report.prefix.length)
    .split("/")
    .slice(1)
    .map((token) => token.replace(/~1/g, "/").replace(/~0/g, "~"));
  if (report.secrets?.some((path) => overlaps(path, keys))) return undefined;
  let value = report.answer;
  for (const key of keys) {
    if (value === null || typeof value !== "object" || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  const json = JSON.stringify(value, (_key, item) => (typeof item === "bigint" ? item.toString() : item));
  if (json === undefined) return undefined;
  const text = report.redact(json);
  return text.length > SAMPLE_LENGTH ? `${text.slice(0, SAMPLE_LENGTH - 1)}…` : text;
}

/** Whether a secret path and a value's keys share their beginning: the value holds the secret or sits in it. */
function overlaps(path: readonly string[], keys: readonly string[]): boolean {
  const shared = Math.min(path.length, keys.length);
  for (let i = 0; i < shared; i++) if (path[i] !== "*" && path[i] !== keys[i]) return false;
  return true;
}
