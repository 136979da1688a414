import type { DriftFinding, DriftReport } from "./drift-report.js";

/** The report formats `--format` takes. */
export const REPORT_FORMATS = ["text", "json", "markdown", "junit", "sarif"] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** One line saying what was found. */
export function reportSummary(report: DriftReport): string {
  const seen =
    report.exchanges === undefined
      ? ""
      : ` in ${report.exchanges} exchange${report.exchanges === 1 ? "" : "s"}`;
  if (report.findings.length === 0) return `no drift${seen}: the traffic matches the spec`;
  return `${report.violations} violation${report.violations === 1 ? "" : "s"} and ${report.undocumented} undocumented value${report.undocumented === 1 ? "" : "s"}${seen}, at ${report.findings.length} place${report.findings.length === 1 ? "" : "s"}`;
}

function where(finding: DriftFinding): string {
  return `${finding.operation} ${finding.direction}${finding.statuses.length > 0 ? ` ${finding.statuses.join("/")}` : ""} ${finding.pointer || "(root)"}`;
}

/** The report for a terminal: one block per finding. */
export function renderText(report: DriftReport): string {
  const lines = [reportSummary(report)];
  for (const finding of report.findings) {
    lines.push(
      "",
      `${finding.severity.toUpperCase()} ×${finding.count}  ${where(finding)}  [${finding.rule}]`,
      `  ${finding.message}`,
    );
    if (finding.samples.length > 0) lines.push(`  seen: ${finding.samples.join(", ")}`);
    if (finding.suggestion) {
      lines.push(`  fix: ${finding.suggestion.words}`);
      for (const operation of finding.suggestion.patch) lines.push(`  patch: ${JSON.stringify(operation)}`);
    }
  }
  return `${lines.join("\n")}\n`;
}

/** The report as JSON. */
export function renderJson(report: DriftReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

/** Markdown text is data: table cells cannot break out of their row or start markup. */
function cell(text: string): string {
  return text.replace(/[\\`*_[\]<>|]/g, (char) => `\\${char}`).replace(/\r?\n/g, " ");
}

/** The report as a pull-request comment: a summary, a table, and the patches in one block. */
export function renderMarkdown(report: DriftReport): string {
  const lines = [`### Spec drift: ${cell(reportSummary(report))}`];
  if (report.findings.length === 0) return `${lines.join("\n")}\n`;
  lines.push(
    "",
    "| | count | operation | where | what | suggested change |",
    "|---|---|---|---|---|---|",
    ...report.findings.map(
      (finding) =>
        `| ${finding.severity} | ${finding.count} | ${cell(finding.operation)} | ${cell(`${finding.direction} ${finding.pointer || "(root)"}`)} | ${cell(`${finding.message} (${finding.rule})`)} | ${cell(finding.suggestion?.words ?? "")} |`,
    ),
  );
  const patch = report.findings.flatMap((finding) => finding.suggestion?.patch ?? []);
  if (patch.length > 0) {
    // A fence longer than any run of backticks in the patch, so spec text cannot close it.
    const longest = Math.max(2, ...[...JSON.stringify(patch).matchAll(/`+/g)].map((run) => run[0].length));
    const fence = "`".repeat(longest + 1);
    lines.push(
      "",
      "JSON Patch (RFC 6902) against the spec:",
      "",
      `${fence}json`,
      JSON.stringify(patch, null, 2),
      fence,
    );
  }
  return `${lines.join("\n")}\n`;
}

/** Characters XML 1.0 cannot carry at all: dropped from text taken from traffic. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters to drop.
const NOT_IN_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

function xml(text: string): string {
  return text
    .replace(NOT_IN_XML, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/** The report as JUnit XML: a test case per finding, failed when it is a violation, or undocumented under `--fail-on undocumented`. */
export function renderJunit(report: DriftReport, failUndocumented = false): string {
  const cases = report.findings.map((finding) => {
    const fails = finding.severity === "violation" || failUndocumented;
    const name = xml(`${finding.direction} ${finding.pointer || "(root)"} [${finding.rule}]`);
    const detail = xml(
      [
        `${finding.message} (seen ${finding.count}×)`,
        finding.samples.length > 0 ? `seen: ${finding.samples.join(", ")}` : "",
        finding.suggestion ? `fix: ${finding.suggestion.words}` : "",
        ...(finding.suggestion?.patch ?? []).map((op) => `patch: ${JSON.stringify(op)}`),
      ]
        .filter(Boolean)
        .join("\n"),
    );
    const body = fails
      ? `<failure message="${xml(finding.message)}" type="${xml(finding.rule)}">${detail}</failure>`
      : `<system-out>${detail}</system-out>`;
    return `    <testcase classname="${xml(finding.operation)}" name="${name}">${body}</testcase>`;
  });
  if (cases.length === 0) cases.push(`    <testcase classname="chainkit drift" name="no drift"/>`);
  const failures = report.findings.filter(
    (finding) => finding.severity === "violation" || failUndocumented,
  ).length;
  return `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="chainkit drift" tests="${cases.length}" failures="${failures}">
  <testsuite name="${xml(report.spec ?? "spec drift")}" tests="${cases.length}" failures="${failures}">
${cases.join("\n")}
  </testsuite>
</testsuites>
`;
}

/** The report as SARIF 2.1.0, for code scanning: a result per finding, at the spec file, with its rule, pointer and patch. */
export function renderSarif(report: DriftReport, specFile?: string): string {
  const rules = [...new Set(report.findings.map((finding) => finding.rule))].sort();
  const sarif = {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: "chainkit drift",
            rules: rules.map((id) => ({
              id,
              shortDescription: { text: `traffic and spec disagree: ${id}` },
            })),
          },
        },
        results: report.findings.map((finding) => ({
          ruleId: finding.rule,
          ruleIndex: rules.indexOf(finding.rule),
          level: finding.severity === "violation" ? "error" : "warning",
          message: {
            text: `${where(finding)}: ${finding.message} (seen ${finding.count}×)${finding.suggestion ? `. Fix: ${finding.suggestion.words}` : ""}`,
          },
          locations: [
            {
              ...(specFile && { physicalLocation: { artifactLocation: { uri: specFile } } }),
              logicalLocations: [
                {
                  fullyQualifiedName: `${finding.operation}#${finding.direction}${finding.pointer}`,
                  kind: "member",
                },
              ],
            },
          ],
          properties: {
            operation: finding.operation,
            direction: finding.direction,
            pointer: finding.pointer,
            count: finding.count,
            samples: finding.samples,
            ...(finding.suggestion && { patch: finding.suggestion.patch }),
          },
        })),
      },
    ],
  };
  return `${JSON.stringify(sarif, null, 2)}\n`;
}

/**
 * The report in one of {@link REPORT_FORMATS}.
 *
 * @param report - The report.
 * @param format - The format.
 * @param options - The spec file SARIF points at; whether undocumented values fail JUnit cases too.
 */
export function renderReport(
  report: DriftReport,
  format: ReportFormat,
  options: { specFile?: string; failUndocumented?: boolean } = {},
): string {
  switch (format) {
    case "json":
      return renderJson(report);
    case "markdown":
      return renderMarkdown(report);
    case "junit":
      return renderJunit(report, options.failUndocumented);
    case "sarif":
      return renderSarif(report, options.specFile);
    default:
      return renderText(report);
  }
}
