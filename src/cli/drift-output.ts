import { writeFile } from "node:fs/promises";
import type { DriftReport, ReportFormat } from "../toolkit/drift/index.js";
import { toolkitModule } from "./generator/load-generator.js";
import { UsageError } from "./usage-error.js";

/** The options `chainkit proxy`, `drift` and `check` share for their report. */
export const REPORT_OPTIONS = {
  format: { type: "string" },
  out: { type: "string" },
  "fail-on": { type: "string" },
} as const;

/** The help lines of {@link REPORT_OPTIONS}. */
export const REPORT_OPTIONS_HELP = `  --format <f>            text (default), json, markdown, junit or sarif
  --out <file>            write the report to <file> instead of stdout
  --fail-on <what>        exit 1 when the report holds a violation (violation), or anything at all
                          (undocumented)`;

/** The report options, checked. */
export interface ReportChoice {
  format: ReportFormat;
  out?: string;
  failOn?: "violation" | "undocumented";
}

/** Reads `--format`, `--out` and `--fail-on`. */
export function reportChoice(values: { format?: string; out?: string; "fail-on"?: string }): ReportChoice {
  const format = values.format ?? "text";
  if (!["text", "json", "markdown", "junit", "sarif"].includes(format)) {
    throw new UsageError(`--format ${format}: use text, json, markdown, junit or sarif`);
  }
  const failOn = values["fail-on"];
  if (failOn !== undefined && failOn !== "violation" && failOn !== "undocumented") {
    throw new UsageError(`--fail-on ${failOn}: use violation or undocumented`);
  }
  return {
    format: format as ReportFormat,
    ...(values.out !== undefined && { out: values.out }),
    ...(failOn !== undefined && { failOn }),
  };
}

/** Writes the report where asked, and sets exit code 1 when it fails `--fail-on`. */
export async function emitReport(
  report: DriftReport,
  choice: ReportChoice,
  command: string,
  specFile?: string,
): Promise<void> {
  const drift = await toolkitModule("src/toolkit/drift/index.js");
  const text = drift.renderReport(report, choice.format, {
    ...(specFile !== undefined && { specFile }),
    failUndocumented: choice.failOn === "undocumented",
  });
  if (choice.out !== undefined) await writeFile(choice.out, text);
  else process.stdout.write(text);
  if (choice.failOn !== undefined && drift.reportFails(report, choice.failOn)) {
    console.error(`chainkit ${command}: ${drift.reportSummary(report)} (--fail-on ${choice.failOn})`);
    process.exitCode = 1;
  }
}
