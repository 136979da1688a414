/**
 * Row 6, generation: wall time of the generator itself (`tsx scripts/generate/main.ts`, what
 * `npm run generate` runs; no docs build) on a copy of the five specs, writing into the scratch
 * directory so the repository's generated/ is never touched. Spawned; tsx start-up included.
 */
import { spawn } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { BenchContext } from "../lib/context.js";
import { ROOT } from "../lib/fixtures.js";
import { summarize } from "../lib/measure.js";
import { type RowResult, timed } from "../lib/report.js";

function runGenerator(root: string): Promise<number> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(join(ROOT, "node_modules/.bin/tsx"), ["scripts/generate/main.ts", "--root", root], {
      cwd: ROOT,
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0
        ? resolve(performance.now() - start)
        : reject(new Error(`generator exited ${code}: ${stderr.trim()}`)),
    );
  });
}

/**
 * Measures row 6.
 *
 * @param context - Quick mode and the scratch directory.
 */
export async function generation(context: BenchContext): Promise<RowResult> {
  const root = join(context.tmp, "generate");
  const specs = readdirSync(join(ROOT, "specs"));
  const runs = context.quick ? 1 : 3;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    rmSync(root, { recursive: true, force: true });
    mkdirSync(root, { recursive: true });
    cpSync(join(ROOT, "specs"), join(root, "specs"), { recursive: true });
    times.push(await runGenerator(root));
  }
  const generated = readdirSync(join(root, "generated"));
  const figure = timed(
    `tsx scripts/generate/main.ts (${generated.length} surfaces)`,
    summarize("generate", times),
    "ms",
  );
  figure.goal = { text: "< 5 s", met: figure.value < 5000 };
  return {
    id: "generation",
    title: "6. Generation",
    tables: [
      {
        title: `generator wall time over ${specs.length} spec files, ${runs} spawned run(s) (median)`,
        figures: [figure],
        notes: [
          "measures the generator alone (npm run generate = tsx scripts/generate/main.ts; the docs portal is a separate build), writing to a scratch --root",
          "includes node + tsx start-up",
        ],
      },
    ],
  };
}
