import { type DriftRecord, isViolation } from "./drift-record.js";
import type { DriftSpec } from "./load-drift-spec.js";
import { type SuggestedChange, suggestChange } from "./suggest-change.js";

/** Distinct samples a finding keeps. */
const MAX_SAMPLES = 5;

/** Records about one place, counted, with the spec change that would settle them. */
export interface DriftFinding {
  operation: string;
  direction: "request" | "response";
  /** The pointer, array indexes as `*` (`/result/transactions/*` and below). */
  pointer: string;
  rule: string;
  /** `violation`: generated clients refuse it; `undocumented`: they accept it, but the spec does not say it. */
  severity: "violation" | "undocumented";
  /** How many times it was seen. */
  count: number;
  /** The first record's words. */
  message: string;
  /** The answer statuses it was seen with. */
  statuses: number[];
  /** Distinct redacted samples (at most five). */
  samples: string[];
  /** The spec change; absent when no spec was given. */
  suggestion?: SuggestedChange;
}

/** What `chainkit proxy`, `drift` and `check` report. */
export interface DriftReport {
  /** The spec file, or the surface. */
  spec?: string;
  /** How many exchanges were checked, when known. */
  exchanges?: number;
  /** Records that generated clients refuse, in all. */
  violations: number;
  /** Records of what the spec does not document, in all. */
  undocumented: number;
  /** One per operation, direction, pointer and rule: violations first, the most frequent first. */
  findings: DriftFinding[];
}

/**
 * Groups records per operation, pointer and rule, counts them, and suggests a spec change for each
 * group. Takes the records of the proxy, of `chainkit drift` and `chainkit check`, and of a client in
 * `validation: "report"` mode (its `onViolation` records have this shape; `status` is optional).
 *
 * @param records - The records.
 * @param options - The spec (for suggestions) and how many exchanges were checked.
 * @example
 * const seen: DriftRecord[] = [];
 * const wallet = createWalletClient({ url, credentials, validation: "report", onViolation: (v) => seen.push(v) });
 * // … later
 * const report = buildDriftReport(seen, { spec: await loadDriftSpec({ surface: "wallet" }) });
 */
export function buildDriftReport(
  records: Iterable<DriftRecord>,
  options: { spec?: DriftSpec; exchanges?: number } = {},
): DriftReport {
  const groups = new Map<string, DriftFinding>();
  let violations = 0;
  let undocumented = 0;
  for (const record of records) {
    const pointer = groupPointer(record.pointer);
    const key = JSON.stringify([record.operation, record.direction, pointer, record.rule]);
    const violation = isViolation(record);
    if (violation) violations++;
    else undocumented++;
    let finding = groups.get(key);
    if (!finding) {
      finding = {
        operation: record.operation,
        direction: record.direction,
        pointer,
        rule: record.rule,
        severity: violation ? "violation" : "undocumented",
        count: 0,
        message: record.message,
        statuses: [],
        samples: [],
      };
      groups.set(key, finding);
    }
    finding.count++;
    if (record.status !== undefined && !finding.statuses.includes(record.status))
      finding.statuses.push(record.status);
    if (
      record.sample !== undefined &&
      !finding.samples.includes(record.sample) &&
      finding.samples.length < MAX_SAMPLES
    ) {
      finding.samples.push(record.sample);
    }
  }
  const findings = [...groups.values()].sort(
    (a, b) =>
      Number(b.severity === "violation") - Number(a.severity === "violation") ||
      b.count - a.count ||
      a.operation.localeCompare(b.operation) ||
      a.pointer.localeCompare(b.pointer),
  );
  if (options.spec) {
    for (const finding of findings) {
      finding.suggestion = suggestChange({ ...finding, status: finding.statuses[0] }, options.spec);
    }
  }
  return {
    ...(options.spec && { spec: options.spec.name }),
    ...(options.exchanges !== undefined && { exchanges: options.exchanges }),
    violations,
    undocumented,
    findings,
  };
}

/** A pointer with array indexes as `*`, so every item of a list counts at one place (JSON-RPC param positions stay). */
export function groupPointer(pointer: string): string {
  const tokens = pointer.split("/");
  return tokens
    .map((token, index) => (/^\d+$/.test(token) && !(index === 2 && tokens[1] === "params") ? "*" : token))
    .join("/");
}

/** Whether a report fails `--fail-on`: `violation` (what clients refuse) or `undocumented` (anything found). */
export function reportFails(report: DriftReport, failOn: "violation" | "undocumented"): boolean {
  return failOn === "violation" ? report.violations > 0 : report.violations + report.undocumented > 0;
}
