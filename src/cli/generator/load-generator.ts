import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import {
  ensureGeneratorCode,
  ensureGeneratorPackages,
  generatorCacheFolder,
  reinstallCommand,
} from "./generator-cache.js";
import { packageProblems } from "./generator-packages.js";

/** The generator's entry module. */
export type Generator = typeof import("../../../scripts/generate/generate-client.js");

/** Where this package's own code sits: the repository in development, `dist/` once published. */
const PACKAGE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

/** Options of {@link loadGenerator}; the defaults are chainkit's own folders. */
export interface LoadGeneratorOptions {
  /** Told what the loader does that takes time (a first install). */
  report: (line: string) => void;
  /** The folder holding `scripts/generate/`, `src/runtime/` and `generator/` (the shipped lock). */
  packageRoot?: string;
  /** The cache folder (default {@link generatorCacheFolder}). */
  cacheFolder?: string;
}

/**
 * Loads the generator with its packages at the versions its tests ran with. Where they already
 * resolve from the generator's own folder at those versions (chainkit's repository), it is imported
 * in place; otherwise (an installed chainkit: the project holds none of them, or others) from a copy
 * beside its packages in the cache folder, installed there on first use.
 *
 * @throws {GeneratorPackagesError} when the packages cannot be installed, naming them and the fix.
 */
export async function loadGenerator(options: LoadGeneratorOptions): Promise<Generator> {
  const packageRoot = options.packageRoot ?? PACKAGE_ROOT;
  if (packageRoot === PACKAGE_ROOT && packageProblems(join(packageRoot, "scripts/generate")).length === 0) {
    return import("../../../scripts/generate/generate-client.js");
  }
  const folder = options.cacheFolder ?? generatorCacheFolder();
  await ensureGeneratorPackages(folder, packageRoot, options.report);
  const entry = ensureGeneratorCode(folder, packageRoot);
  try {
    return (await import(pathToFileURL(entry).href)) as Generator;
  } catch (error) {
    throw new Error(
      `the generator in ${folder} failed to load (${error instanceof Error ? error.message : error}); reinstall its packages: ${reinstallCommand(folder)}`,
      { cause: error },
    );
  }
}
