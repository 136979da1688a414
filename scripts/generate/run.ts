import { readdir } from "node:fs/promises";
import { join, relative } from "node:path";
import { missingPieces } from "./entry-check.js";
import { generateSurface } from "./generate-surface.js";
import { syncFolder } from "./output.js";
import { SURFACES, type Surface } from "./surfaces.js";

/** How to run the generator. */
export interface RunOptions {
  /** Repository root: specs are read from and output written under it. */
  root: string;
  /** Report files that would change instead of writing them. */
  check?: boolean;
  /** Surfaces to generate (default: all five). */
  surfaces?: readonly Surface[];
  /** Where progress lines go (default: `console.log`). */
  log?: (line: string) => void;
}

/** The outcome of a run. */
export interface RunResult {
  /** Every output path (relative to the root) that changed, or would change. */
  changed: string[];
  /** What a declared surface lacks besides its spec (`entry-check.ts`): the file and what to write. */
  missing: string[];
}

/**
 * Generates every surface: reads each spec, renders its files, then writes them (or, in check
 * mode, lists what differs). Prints one line per spec with its time, and a total.
 *
 * @throws {SpecError} On the first broken spec, before anything of that surface is written.
 */
export async function runGenerator(options: RunOptions): Promise<RunResult> {
  const log = options.log ?? console.log;
  const check = options.check ?? false;
  const started = performance.now();
  const changed: string[] = [];
  const missing: string[] = [];
  const surfaces = options.surfaces ?? SURFACES;
  for (const surface of surfaces) {
    const surfaceStarted = performance.now();
    const files = await generateSurface(surface, join(options.root, surface.specFile));
    const outcome = await syncFolder(join(options.root, "generated", surface.name), files, check);
    // A file the generator never wrote stays; a check flags it, so CI finds it before a reader does.
    const foreign = outcome.foreign.map((path) => relative(options.root, path));
    const paths = [...outcome.changed, ...outcome.stale].map((path) => relative(options.root, path));
    if (check) paths.push(...foreign);
    else for (const path of foreign) log(`${path} was not written by the generator: left alone`);
    changed.push(...paths);
    const verb = check ? "would change" : "changed";
    log(
      `${surface.name.padEnd(9)} ${surface.specFile.padEnd(29)} ${files.size} files, ${paths.length} ${verb}  ${milliseconds(surfaceStarted)}`,
    );
    missing.push(...(await missingPieces(options.root, surface)));
  }
  log(`${surfaces.length} specs in ${milliseconds(started)}${check ? " (check only, nothing written)" : ""}`);
  for (const file of await undeclaredSpecs(options.root)) {
    log(
      `${file} is not generated: declare it in scripts/generate/surfaces.ts (name, specFile, kind, title, baseUrl)`,
    );
  }
  return { changed, missing };
}

/** Spec files in `specs/` that no surface declares: a spec dropped there is named, not silently skipped. */
async function undeclaredSpecs(root: string): Promise<string[]> {
  const names = await readdir(join(root, "specs")).catch(() => [] as string[]);
  const declared = new Set<string>(SURFACES.map((surface) => surface.specFile));
  return names
    .filter((name) => /\.(ya?ml|json)$/.test(name))
    .map((name) => `specs/${name}`)
    .filter((file) => !declared.has(file))
    .sort();
}

function milliseconds(since: number): string {
  return `${Math.round(performance.now() - since)} ms`;
}
