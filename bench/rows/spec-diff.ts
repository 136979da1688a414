/**
 * The spec-diff row: `chainkit diff` on two versions of the largest of chainkit's specs (the current
 * one against its version six commits back), in a spawned process: the time to load both with the
 * generator's loader, the time of the diff itself, and the process's memory. Then the diff of the
 * current spec against itself, the floor every run pays.
 */
import { execFileSync, spawn } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import type { BenchContext } from "../lib/context.js";
import { ROOT } from "../lib/fixtures.js";
import { summarize } from "../lib/measure.js";
import type { Figure, RowResult } from "../lib/report.js";

interface WorkerResult {
  loadMs: number;
  diffMs: number[];
  changes: number;
  heapUsedMiB: number;
  peakRssMiB: number;
  rssBeforeMiB: number;
}

function runWorker(oldSource: string, newSource: string, rounds: number): Promise<WorkerResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      join(ROOT, "node_modules/.bin/tsx"),
      ["bench/lib/spec-diff-worker.ts", oldSource, newSource, String(rounds)],
      { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0
        ? resolve(JSON.parse(stdout) as WorkerResult)
        : reject(new Error(`diff worker exited ${code}: ${stderr}`)),
    );
  });
}

/** How many commits touching the spec back the old version is: far enough for the diff to find work. */
const VERSIONS_BACK = 6;

/** The largest spec in specs/ and the revision {@link VERSIONS_BACK} changes back (or its first). */
function largestSpec(): { file: string; bytes: number; previous: string } {
  const [largest] = readdirSync(join(ROOT, "specs"))
    .map((name) => ({ file: `specs/${name}`, bytes: statSync(join(ROOT, "specs", name)).size }))
    .sort((a, b) => b.bytes - a.bytes);
  if (largest === undefined) throw new Error("no spec in specs/");
  const commits = execFileSync(
    "git",
    ["log", "-n", String(VERSIONS_BACK), "--format=%h", "--", largest.file],
    {
      cwd: ROOT,
      encoding: "utf8",
    },
  )
    .trim()
    .split("\n");
  const previous = commits.at(-1);
  if (previous === undefined) throw new Error(`${largest.file} has no git history`);
  return { ...largest, previous };
}

/**
 * Measures the spec-diff row.
 *
 * @param context - Quick mode.
 */
export async function specDiff(context: BenchContext): Promise<RowResult> {
  const { file, bytes, previous } = largestSpec();
  const rounds = context.quick ? 2 : 7;
  const versions = await runWorker(`git:${previous}:${file}`, file, rounds);
  const self = await runWorker(file, file, rounds);
  const figures = (label: string, result: WorkerResult): Figure[] => {
    const diff = summarize("diff", result.diffMs.slice(1));
    return [
      {
        label: `${label}: load both versions (generator's loader, parallel)`,
        value: result.loadMs,
        unit: "ms",
      },
      {
        label: `${label}: diff (${result.changes} changes; median of ${result.diffMs.length - 1} after a first run)`,
        value: diff.median,
        low: diff.low,
        high: diff.high,
        unit: "ms",
      },
      { label: `${label}: first diff (cold JIT)`, value: result.diffMs[0] ?? 0, unit: "ms" },
      { label: `${label}: heap used at the end`, value: result.heapUsedMiB, unit: "MiB" },
      { label: `${label}: peak RSS of the process`, value: result.peakRssMiB, unit: "MiB" },
    ];
  };
  return {
    id: "spec-diff",
    title: "Spec diff (chainkit diff)",
    tables: [
      {
        title: `chainkit diff on ${file} (${Math.round(bytes / 1024)} KB), ${previous} → working tree, in a spawned process`,
        figures: [...figures(`${previous} → now`, versions), ...figures("now → now", self)],
        notes: [
          "load = reading, bundling and upgrading both versions with the generator's own loader (its modules' import included)",
          "peak RSS includes node, tsx and the generator's modules, which the loader imports",
        ],
      },
    ],
  };
}
