import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import {
  ensureGeneratorCode,
  ensureGeneratorPackages,
  generatorCacheFolder,
  reinstallCommand,
} from "./generator-cache.js";
import { packageProblems } from "./generator-packages.js";

/**
 * The modules of chainkit's toolkit that run on the generator's packages, by their path in the
 * package: what `generate`, `docs`, `diff`, `mock`, `drift`, `check` and `proxy` load.
 */
export interface GeneratorModules {
  "scripts/generate/generate-client.js": typeof import("../../../scripts/generate/generate-client.js");
  "scripts/generate/source-position.js": typeof import("../../../scripts/generate/source-position.js");
  "scripts/docs/team-site.js": typeof import("../../../scripts/docs/team-site.js");
  "src/toolkit/diff/index.js": typeof import("../../toolkit/diff/index.js");
  "src/toolkit/drift/index.js": typeof import("../../toolkit/drift/index.js");
  "src/toolkit/mock/serve-mock.js": typeof import("../../toolkit/mock/serve-mock.js");
}

/** Where this package's own code sits: the repository in development, `dist/` once published. */
const PACKAGE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

/** Options of {@link loadGeneratorModule}; the defaults are chainkit's own folders. */
export interface LoadGeneratorOptions {
  /** Told what the loader does that takes time (a first install). */
  report: (line: string) => void;
  /** The folder holding `scripts/` and `src/` (the toolkit's code) and `generator/` (the shipped lock). */
  packageRoot?: string;
  /** The cache folder (default {@link generatorCacheFolder}). */
  cacheFolder?: string;
}

/**
 * Loads a module of the toolkit with the generator's packages at the versions its tests ran with.
 * Where they already resolve from the package's own folder at those versions (chainkit's
 * repository), it is imported in place; otherwise (an installed chainkit: the project holds none of
 * them, or others) from a copy of the toolkit's code beside its packages in the cache folder,
 * installed there on first use.
 *
 * @param path - The module's path in the package, such as `src/toolkit/diff/index.js`.
 * @throws {GeneratorPackagesError} when the packages cannot be installed, naming them and the fix.
 * @example
 * const { diffSpecs } = await loadGeneratorModule("src/toolkit/diff/index.js", { report: console.error });
 */
export async function loadGeneratorModule<Path extends keyof GeneratorModules>(
  path: Path,
  options: LoadGeneratorOptions,
): Promise<GeneratorModules[Path]> {
  const packageRoot = options.packageRoot ?? PACKAGE_ROOT;
  if (packageRoot === PACKAGE_ROOT && packageProblems(join(packageRoot, "scripts/generate")).length === 0) {
    return import(pathToFileURL(join(packageRoot, path)).href);
  }
  const folder = options.cacheFolder ?? generatorCacheFolder();
  const code = await cachedCode(folder, packageRoot, options.report);
  try {
    return (await import(pathToFileURL(join(code, path)).href)) as GeneratorModules[Path];
  } catch (error) {
    throw new Error(
      `the generator in ${folder} failed to load (${error instanceof Error ? error.message : error}); reinstall its packages: ${reinstallCommand(folder)}`,
      { cause: error },
    );
  }
}

/**
 * The copy of the toolkit's code beside its packages in `folder`, made (and its packages installed)
 * once per process: a command loads several of its modules, and checking the copy reads every file's
 * size and time. A failed attempt is not kept.
 */
function cachedCode(folder: string, packageRoot: string, report: (line: string) => void): Promise<string> {
  const key = `${folder}\0${packageRoot}`;
  let code = codeByFolder.get(key);
  if (code === undefined) {
    code = ensureGeneratorPackages(folder, packageRoot, report).then(() =>
      ensureGeneratorCode(folder, packageRoot),
    );
    code.catch(() => codeByFolder.delete(key));
    codeByFolder.set(key, code);
  }
  return code;
}

const codeByFolder = new Map<string, Promise<string>>();

/**
 * {@link loadGeneratorModule} for a command: a first install is told on stderr as a note.
 *
 * @param path - The module's path in the package.
 */
export function toolkitModule<Path extends keyof GeneratorModules>(
  path: Path,
): Promise<GeneratorModules[Path]> {
  return loadGeneratorModule(path, { report: (line) => console.error(`note: ${line}`) });
}
