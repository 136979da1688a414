/**
 * Generation over the public spec corpus (test/fixtures/spec-corpus/, SOURCES.md): for each spec,
 * `chainkit generate`'s wall time and output size next to openapi-typescript's (types only, and
 * OpenAPI only) on the same file, in this process, one spec after another.
 */
import { readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";
import { generateClient } from "../../scripts/generate/generate-client.js";
import { SpecError } from "../../scripts/generate/spec-error.js";
import { ROOT } from "./fixtures.js";

/** The corpus folder. */
export const CORPUS = join(ROOT, "test/fixtures/spec-corpus");

/** What one tool did with one spec. */
export interface ToolOutcome {
  ms: number;
  /** Bytes written; 0 when it refused. */
  bytes: number;
  /** `generates`, or why not. */
  outcome: string;
}

/** One corpus spec measured. */
export interface CorpusMeasure {
  /** Path under the corpus folder. */
  spec: string;
  /** The spec's own bytes (every file of a multi-file spec). */
  bytes: number;
  kind: "openapi" | "openrpc" | "swagger";
  chainkit: ToolOutcome;
  /** Absent for OpenRPC specs, which openapi-typescript does not read. */
  openapiTypescript?: ToolOutcome;
}

/**
 * The corpus specs, largest last: each single-file spec, and each multi-file spec's `openapi.yaml`.
 *
 * @param maxBytes - Leave out specs larger than this (quick mode).
 */
export function corpusSpecs(maxBytes = Number.POSITIVE_INFINITY): { spec: string; bytes: number }[] {
  const specs = readdirSync(CORPUS, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory())
      return [{ spec: `${entry.name}/openapi.yaml`, bytes: folderBytes(join(CORPUS, entry.name)) }];
    if (!/\.(ya?ml|json)$/.test(entry.name)) return [];
    return [{ spec: entry.name, bytes: statSync(join(CORPUS, entry.name)).size }];
  });
  return specs
    .filter((entry) => entry.bytes <= maxBytes)
    .sort((a, b) => a.bytes - b.bytes || a.spec.localeCompare(b.spec));
}

/**
 * Generates one spec with both tools into `scratch` and measures each.
 *
 * @param spec - Path under the corpus folder.
 * @param bytes - The spec's size.
 * @param scratch - A folder to write into (emptied after).
 */
export async function measureSpec(spec: string, bytes: number, scratch: string): Promise<CorpusMeasure> {
  const path = join(CORPUS, spec);
  const text = readFileSync(path, "utf8");
  const kind = /"openrpc"\s*:/.test(text)
    ? "openrpc"
    : /^\s*"?swagger"?\s*:/m.test(text)
      ? "swagger"
      : "openapi";
  const out = join(scratch, "chainkit");
  const chainkit = await timedOutcome(async () => {
    const result = await generateClient({ spec: path, out, runtime: "chainkit/runtime" });
    return result.files.reduce((sum, file) => sum + statSync(join(out, file)).size, 0);
  });
  rmSync(out, { recursive: true, force: true });
  const measure: CorpusMeasure = { spec, bytes, kind, chainkit };
  if (kind !== "openrpc") {
    measure.openapiTypescript = await timedOutcome(async () =>
      Buffer.byteLength(astToString(await openapiTS(pathToFileURL(path), { silent: true }))),
    );
  }
  return measure;
}

async function timedOutcome(run: () => Promise<number>): Promise<ToolOutcome> {
  const started = performance.now();
  try {
    const bytes = await run();
    return { ms: performance.now() - started, bytes, outcome: "generates" };
  } catch (error) {
    const ms = performance.now() - started;
    const reason =
      error instanceof SpecError ? error.problem : error instanceof Error ? error.message : String(error);
    // The reason's first clause is enough for a table row.
    return {
      ms,
      bytes: 0,
      outcome: `refused: ${reason
        .split(/[;(\n]|\. /)[0]
        ?.trim()
        .slice(0, 60)}`,
    };
  }
}

function folderBytes(folder: string): number {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + statSync(join(entry.parentPath, entry.name)).size, 0);
}
