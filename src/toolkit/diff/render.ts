import type { SpecChange } from "./change.js";
import type { SpecDiff } from "./diff-specs.js";

function counts(diff: SpecDiff): string {
  const count = (severity: SpecChange["severity"]) =>
    diff.changes.filter((change) => change.severity === severity).length;
  return `${count("breaking")} breaking, ${count("non-breaking")} non-breaking, ${count("info")} info`;
}

function where(change: SpecChange): string {
  if (change.oldPointer === change.newPointer) return `#${change.oldPointer ?? ""}`;
  return `old #${change.oldPointer ?? "-"} · new #${change.newPointer ?? "-"}`;
}

/** One line saying what the diff needs: `2 breaking, 1 non-breaking, 0 info: major bump`. */
export function summaryLine(diff: SpecDiff): string {
  if (diff.changes.length === 0) return "no changes on the wire";
  return `${counts(diff)}: suggested bump ${diff.bump}`;
}

/** The report for a terminal: one block per change. */
export function renderText(diff: SpecDiff): string {
  const lines = [summaryLine(diff)];
  for (const change of diff.changes) {
    lines.push(
      "",
      `${change.severity.toUpperCase()}  ${change.operation || "(spec)"}  [${change.rule}]`,
      `  ${change.message}`,
      `  client: ${change.client}`,
      `  at: ${where(change)}`,
    );
  }
  return `${lines.join("\n")}\n`;
}

/** The report as JSON: the bump, the versions and every change. */
export function renderJson(diff: SpecDiff): string {
  return `${JSON.stringify(diff, null, 2)}\n`;
}

/** Markdown text is data: table cells cannot break out of their row or start markup. */
function cell(text: string): string {
  return text.replace(/[\\`*_[\]<>|]/g, (char) => `\\${char}`).replace(/\r?\n/g, " ");
}

/** The report as a pull-request comment: a summary, then a table per severity. */
export function renderMarkdown(diff: SpecDiff): string {
  const lines = [`### Spec changes: ${cell(summaryLine(diff))}`];
  for (const severity of ["breaking", "non-breaking", "info"] as const) {
    const changes = diff.changes.filter((change) => change.severity === severity);
    if (changes.length === 0) continue;
    lines.push(
      "",
      `#### ${severity === "breaking" ? "Breaking" : severity === "non-breaking" ? "Non-breaking" : "Info"} (${changes.length})`,
      "",
      "| operation | change | generated client | where |",
      "|---|---|---|---|",
      ...changes.map(
        (change) =>
          `| ${cell(change.operation || "(spec)")} | ${cell(change.message)} (${cell(change.rule)}) | ${cell(change.client)} | ${cell(where(change))} |`,
      ),
    );
  }
  return `${lines.join("\n")}\n`;
}
