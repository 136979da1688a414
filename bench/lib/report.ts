import { cpus, loadavg, totalmem } from "node:os";
import type { Sample } from "./measure.js";

/** One printed figure: a median with its round range, a ratio to the table's baseline, a goal. */
export interface Figure {
  label: string;
  value: number;
  unit: string;
  low?: number;
  high?: number;
  /** Relative to the table's baseline, read as the table's `ratioLabel` says. */
  ratio?: number;
  /**
   * The issue's goal for this figure, and whether this run met it (reported, never asserted); `peer`
   * is the figure the goal compares with, from the same run (e.g. `viem 7.3 KB`).
   */
  goal?: { text: string; met: boolean; peer?: string };
  note?: string;
}

/** One printed table. */
export interface Table {
  title: string;
  /** How to read the ratio column, e.g. "÷ raw fetch" or "× faster than one by one". */
  ratioLabel?: string;
  figures: Figure[];
  notes?: string[];
}

/** Everything one row of the issue measured. */
export interface RowResult {
  id: string;
  title: string;
  tables: Table[];
}

/** Where the figures came from. */
export interface Machine {
  nproc: number;
  node: string;
  cpu: string;
  memoryGiB: number;
  platform: string;
  /** 1-minute load average when the run started (other work on the machine skews the figures). */
  loadAverage: number;
}

/** What `--json` writes (and `--markdown` renders). */
export interface Results {
  /** The exact command line that produced these figures. */
  command: string;
  /** ISO 8601 time the run finished. */
  date: string;
  quick: boolean;
  machine: Machine;
  rows: RowResult[];
  /** Wall time of the whole run (absent in files written before it was recorded). */
  seconds?: number;
}

/** Facts about this machine, as the README reports them. */
export function machineFacts(): Machine {
  const list = cpus();
  return {
    nproc: list.length,
    node: process.version,
    cpu: list[0]?.model.trim() ?? "unknown",
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    platform: `${process.platform} ${process.arch}`,
    loadAverage: Math.round((loadavg()[0] ?? 0) * 100) / 100,
  };
}

/**
 * A figure from a timing sample, scaled from milliseconds per operation into `unit`.
 *
 * @param sample - The sample (milliseconds per operation).
 * @param unit - `"ms"`, `"µs"` (suffixed as given in `suffix`) or `"ops/s"`.
 */
export function timed(label: string, sample: Sample, unit: "ms" | "µs" | "ops/s", suffix = ""): Figure {
  if (unit === "ops/s") {
    // Faster rounds give more ops/s: the range flips.
    return { label, value: 1000 / sample.median, low: 1000 / sample.high, high: 1000 / sample.low, unit };
  }
  const scale = unit === "µs" ? 1000 : 1;
  return {
    label,
    value: sample.median * scale,
    low: sample.low * scale,
    high: sample.high * scale,
    unit: `${unit}${suffix}`,
  };
}

/**
 * Sets a "÷ raw fetch" goal on a figure whose `ratio` is already set against `raw`: at most `bound`
 * times the raw figure of the same run, which the goals table shows beside it.
 *
 * @example
 * withRawGoal(validated, rawFetch, 1.3); // goal "≤ 1.30 × raw fetch", peer "raw fetch 812 µs/call"
 */
export function withRawGoal(figure: Figure, raw: Figure, bound: number): void {
  figure.goal = {
    text: `≤ ${bound.toFixed(2)} × raw fetch`,
    met: (figure.ratio as number) <= bound,
    peer: `raw fetch ${formatNumber(raw.value)} ${raw.unit}`,
  };
}

/** `value` over `baseline`, both in the same unit. */
export function ratio(figure: Figure, baseline: Figure): number {
  return figure.value / baseline.value;
}

/** A number with about four significant digits, as every table prints it. */
export function formatNumber(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1000) return value.toFixed(0);
  if (abs >= 100) return value.toFixed(1);
  if (abs >= 10) return value.toFixed(2);
  return value.toFixed(3);
}

function pad(text: string, width: number, right = false): string {
  return right ? text.padStart(width) : text.padEnd(width);
}

/** Prints a table to stdout: label, median with unit, round range, ratio, goal. */
function printTable(table: Table): void {
  const header = ["variant", "median", "range (rounds)", table.ratioLabel ?? "ratio", "goal"];
  const lines = table.figures.map((figure) => [
    figure.label + (figure.note ? ` (${figure.note})` : ""),
    `${formatNumber(figure.value)} ${figure.unit}`,
    figure.low === undefined || figure.high === undefined
      ? ""
      : `${formatNumber(figure.low)}–${formatNumber(figure.high)}`,
    figure.ratio === undefined ? "" : figure.ratio.toFixed(2),
    figure.goal ? `${figure.goal.text} ${figure.goal.met ? "(met)" : "(MISSED)"}` : "",
  ]);
  const widths = header.map((title, i) =>
    Math.max(title.length, ...lines.map((line) => (line[i] as string).length)),
  );
  const render = (cells: string[]) =>
    cells
      .map((cell, i) => pad(cell, widths[i] as number, i === 1 || i === 3))
      .join("  ")
      .trimEnd();
  console.log(`\n${table.title}`);
  console.log(render(header));
  console.log(render(widths.map((w) => "-".repeat(w))));
  for (const line of lines) console.log(render(line));
  for (const note of table.notes ?? []) console.log(`  note: ${note}`);
}

/** Every figure of some rows that carries a goal, with its row, in the rows' order. */
export function goalFigures(rows: readonly RowResult[]): { row: RowResult; figure: Figure }[] {
  return rows.flatMap((row) =>
    row.tables.flatMap((table) => table.figures.filter((f) => f.goal).map((figure) => ({ row, figure }))),
  );
}

/** Prints the goals table: each goal, chainkit's figure, the peer's from the same run, met or not. */
export function printGoals(rows: readonly RowResult[]): void {
  const goals = goalFigures(rows);
  if (goals.length === 0) return;
  console.log("\n=== Goals (issue 47) ===");
  for (const { row, figure } of goals) {
    const goal = figure.goal as NonNullable<Figure["goal"]>;
    console.log(
      `${goal.met ? "met    " : "NOT MET"}  ${row.title}: ${figure.label}: ${formatNumber(figure.value)} ${figure.unit}, goal ${goal.text}${goal.peer ? `, peer ${goal.peer}` : ""}`,
    );
  }
}

/** Prints every table of a row. */
export function printRow(row: RowResult): void {
  console.log(`\n=== ${row.title} ===`);
  for (const table of row.tables) printTable(table);
}
