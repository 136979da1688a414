/**
 * Writes what the portal's try-it loads, and only when a reader uses it: per surface the forms'
 * description (`try-it/<surface>.json`), and for the browser the generated validator module of each
 * operation with the runtime's answer checks (`try-it/check.js`), bundled by esbuild into ES modules
 * that share their common code in chunks. A page loads none of it until a form is opened; Send loads
 * the one operation's module.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { buildSync } from "esbuild";
import type { LoadedSpec } from "./load-specs.js";
import { validatorModules } from "./try-it-modules.js";
import { tryItSurface } from "./try-it-operations.js";

/** A spec with the generator's output for it. */
export interface TryItSource {
  spec: LoadedSpec;
  /** The generated `operations.ts` (its descriptors name each operation's module). */
  operationsTs: string;
  /** The folder holding the generated `validators/`. */
  generatedDir: string;
}

/**
 * chainkit's own specs with what `npm run generate` wrote for them under `generated/<surface>/`.
 *
 * @param root - Repository root.
 * @param specs - The loaded specs.
 * @example generatedTryItSources(process.cwd(), loadSpecs(process.cwd()))
 */
export function generatedTryItSources(root: string, specs: readonly LoadedSpec[]): TryItSource[] {
  return specs.map((spec) => {
    const generatedDir = join(root, "generated", spec.surface.id);
    return { spec, generatedDir, operationsTs: readFileSync(join(generatedDir, "operations.ts"), "utf8") };
  });
}

const HERE = dirname(fileURLToPath(import.meta.url));

/** The browser entry of the checks: the TypeScript source here, or the compiled file in the package. */
function checkEntry(): string {
  const source = join(HERE, "try-it-check.ts");
  return existsSync(source) ? source : join(HERE, "try-it-check.js");
}

/** Where the validators' own imports (`ajv/dist/runtime/…`) resolve, wherever the spec's output sits. */
function packageFolders(): string[] {
  const ajv = createRequire(import.meta.url).resolve("ajv/package.json");
  return [dirname(dirname(ajv))];
}

/**
 * Writes the try-it files of every spec into `outDir/try-it/`.
 *
 * @param outDir - The portal's folder.
 * @param sources - Each spec with its generated output.
 * @returns The files written, relative to `outDir`.
 * @example writeTryIt("site", [{ spec, operationsTs, generatedDir: "generated/platform" }])
 */
export function writeTryIt(outDir: string, sources: readonly TryItSource[]): string[] {
  const folder = join(outDir, "try-it");
  mkdirSync(folder, { recursive: true });
  // No local servers on a static site; `chainkit docs --serve --sandbox` (or `--mock`) serves its own.
  writeFileSync(join(outDir, "try-it-targets.json"), "{}\n");
  const files: string[] = ["try-it-targets.json"];
  const entryPoints: Record<string, string> = { check: checkEntry() };
  for (const { spec, operationsTs, generatedDir } of sources) {
    const modules = validatorModules(operationsTs);
    const surface = tryItSurface(spec, modules);
    const file = join(folder, `${spec.surface.id}.json`);
    writeFileSync(file, JSON.stringify(surface));
    files.push(relative(outDir, file));
    for (const module of new Set([...modules.values()].map((entry) => entry.module))) {
      entryPoints[`${spec.surface.id}/${module}`] = join(generatedDir, "validators", `${module}.js`);
    }
  }
  const { outputFiles } = buildSync({
    entryPoints,
    outdir: folder,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify: true,
    chunkNames: "chunks/[hash]",
    nodePaths: packageFolders(),
    legalComments: "none",
    write: false,
    logLevel: "silent",
  });
  for (const output of outputFiles) {
    mkdirSync(dirname(output.path), { recursive: true });
    writeFileSync(output.path, output.contents);
    files.push(relative(outDir, output.path).split(sep).join("/"));
  }
  return files;
}
