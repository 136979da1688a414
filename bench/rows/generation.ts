/**
 * Row 6, generation: wall time of the generator itself (`tsx scripts/generate/main.ts`, what
 * `npm run generate` runs; no docs build) on a copy of the five specs, writing into the scratch
 * directory so the repository's generated/ is never touched. Spawned; tsx start-up included.
 * Then `chainkit generate` on each public spec of the corpus, its time and output size next to
 * openapi-typescript's (`corpus-generation.ts`).
 */
import { spawn } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { BenchContext } from "../lib/context.js";
import { type CorpusMeasure, corpusSpecs, measureSpec } from "../lib/corpus-generation.js";
import { ROOT } from "../lib/fixtures.js";
import { summarize } from "../lib/measure.js";
import { type Figure, type RowResult, type Table, timed } from "../lib/report.js";

/** In quick mode, corpus specs above this size are left out (they take minutes on a loaded machine). */
const QUICK_MAX_SPEC_BYTES = 300_000;

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
  const corpus = corpusSpecs(context.quick ? QUICK_MAX_SPEC_BYTES : undefined);
  const measures: CorpusMeasure[] = [];
  for (const { spec, bytes } of corpus) {
    measures.push(await measureSpec(spec, bytes, join(context.tmp, "corpus")));
  }
  const left = corpusSpecs().length - corpus.length;
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
      ...corpusTables(measures, left),
    ],
  };
}

/** Time and size per corpus spec, each with its ratio to openapi-typescript's. */
function corpusTables(measures: readonly CorpusMeasure[], left: number): Table[] {
  const label = (measure: CorpusMeasure) =>
    `${measure.spec} (${kilobytes(measure.bytes)} KB ${measure.kind})`;
  const note = (measure: CorpusMeasure, peer: string) =>
    [
      measure.chainkit.outcome === "generates" ? "" : `chainkit ${measure.chainkit.outcome}`,
      measure.openapiTypescript === undefined
        ? "openapi-typescript: no OpenRPC"
        : measure.openapiTypescript.outcome === "generates"
          ? `openapi-typescript ${peer}`
          : `openapi-typescript ${measure.openapiTypescript.outcome}`,
    ]
      .filter(Boolean)
      .join("; ");
  const bothGenerate = (measure: CorpusMeasure) =>
    measure.chainkit.outcome === "generates" && measure.openapiTypescript?.outcome === "generates";
  const times: Figure[] = measures.map((measure) => ({
    label: label(measure),
    value: measure.chainkit.ms,
    unit: "ms",
    ...(bothGenerate(measure) && { ratio: measure.chainkit.ms / (measure.openapiTypescript?.ms ?? 1) }),
    note: note(measure, `${Math.round(measure.openapiTypescript?.ms ?? 0)} ms`),
  }));
  const sizes: Figure[] = measures
    .filter((measure) => measure.chainkit.outcome === "generates")
    .map((measure) => ({
      label: label(measure),
      value: measure.chainkit.bytes / 1000,
      unit: "KB",
      ratio: measure.chainkit.bytes / measure.bytes,
      ...(measure.openapiTypescript?.outcome === "generates" && {
        note: `openapi-typescript ${kilobytes(measure.openapiTypescript.bytes)} KB, ×${(measure.chainkit.bytes / measure.openapiTypescript.bytes).toFixed(1)}`,
      }),
    }));
  const skipped =
    left > 0 ? [`--quick: the ${left} corpus specs over ${QUICK_MAX_SPEC_BYTES / 1000} KB are left out`] : [];
  return [
    {
      title: `chainkit generate on ${measures.length} public specs (test/fixtures/spec-corpus), wall time of one in-process run`,
      ratioLabel: "÷ openapi-ts",
      figures: times,
      notes: [
        "chainkit generate writes types, validators, a typed client and spec.json; openapi-typescript writes types only (and reads no OpenRPC)",
        ...skipped,
      ],
    },
    {
      title: "chainkit generate output size (every file written), per corpus spec",
      ratioLabel: "÷ spec size",
      figures: sizes,
      notes: [
        "the ratio is to the spec's own size (the issue's bound: under 5); openapi-typescript's output in the note",
        ...skipped,
      ],
    },
  ];
}

function kilobytes(bytes: number): string {
  return (bytes / 1000).toFixed(bytes < 10_000 ? 1 : 0);
}
