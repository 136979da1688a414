import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { homedir } from "node:os";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import {
  describeProblem,
  GENERATOR_PACKAGES,
  type PackageProblem,
  packageProblems,
} from "./generator-packages.js";
import { GeneratorPackagesError } from "./generator-packages-error.js";

const run = promisify(execFile);

/**
 * The folders of the published package that the toolkit's code run on the generator's packages is
 * made of: the generator, the portal's builder, diff, drift and mock, and the sandbox's server
 * parts the mock and the drift proxy share (see GeneratorModules in load-generator.ts).
 */
const CODE_FOLDERS = [
  "scripts/generate",
  "scripts/docs",
  "src/runtime",
  "src/toolkit",
  "src/sandbox",
  "generated",
];

/**
 * chainkit's own specs, which drift and check read for a surface named by `--surface`: beside the
 * code in the repository, at the package's root (above `dist/`) once published. The copy holds them
 * beside its code, where the toolkit looks first.
 */
function specsFolder(packageRoot: string): string {
  const beside = join(packageRoot, "specs");
  return existsSync(beside) ? beside : join(packageRoot, "..", "specs");
}

/**
 * Where the generator's packages are installed: `$CHAINKIT_GENERATOR_CACHE`, else
 * `$XDG_CACHE_HOME/chainkit` or `~/.cache/chainkit`, one folder per set of pinned versions (so
 * chainkit releases with the same pins share it).
 */
export function generatorCacheFolder(env: NodeJS.ProcessEnv = process.env): string {
  const root =
    env.CHAINKIT_GENERATOR_CACHE ?? join(env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "chainkit");
  const pins = createHash("sha256").update(JSON.stringify(GENERATOR_PACKAGES)).digest("hex").slice(0, 12);
  return join(root, `generator-${pins}`);
}

/** The command that (re)installs the cache folder from the package.json and lock it holds. */
export function reinstallCommand(folder: string): string {
  return `npm ci --prefix ${JSON.stringify(folder)} --ignore-scripts --no-audit --no-fund`;
}

/**
 * Makes `folder/node_modules` hold every generator package at its pinned version, installing them
 * with `npm ci` from the manifest and lock the package ships (`<packageRoot>/generator/`) when they
 * are not. Runs once per machine; a concurrent run that finished first is kept.
 *
 * @param report - Told, in a line, that an install starts (it takes seconds and needs the registry).
 * @throws {GeneratorPackagesError} naming the packages, their versions and the command to run, when npm fails.
 */
export async function ensureGeneratorPackages(
  folder: string,
  packageRoot: string,
  report: (line: string) => void,
): Promise<void> {
  const problems = packageProblems(folder);
  if (problems.length === 0) return;
  const shipped = join(packageRoot, "generator");
  report(
    `installing the generator's packages into ${folder} (once; needs: ${problems.map(describeProblem).join(", ")})`,
  );
  const staging = `${folder}.${process.pid}-${Date.now()}`;
  mkdirSync(staging, { recursive: true });
  cpSync(shipped, staging, { recursive: true });
  try {
    await run("npm", ["ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"], {
      cwd: staging,
      shell: process.platform === "win32",
    });
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    // Leave the manifest and lock in place, so that the command in the message works as printed.
    mkdirSync(folder, { recursive: true });
    cpSync(shipped, folder, { recursive: true });
    throw new GeneratorPackagesError(problems, reinstallCommand(folder), npmSaid(error));
  }
  moveIntoPlace(staging, folder, () => packageProblems(folder).length === 0);
  const left = packageProblems(folder);
  if (left.length > 0) throw new GeneratorPackagesError(left, reinstallCommand(folder));
}

/**
 * A copy of the generator's code beside its packages (`<folder>/code-<hash>/`), so that Node
 * resolves its imports to them and never to the project's own node_modules. The hash follows the
 * files' sizes and times: a new chainkit version gets a new copy.
 *
 * @returns The copy's folder, laid out as the package is.
 */
export function ensureGeneratorCode(folder: string, packageRoot: string): string {
  const hash = createHash("sha256");
  const folders = [...CODE_FOLDERS.map((code) => join(packageRoot, code)), specsFolder(packageRoot)];
  for (const file of folders.flatMap((dir) => filesUnder(dir))) {
    const { size, mtimeMs } = statSync(file);
    hash.update(`${relative(packageRoot, file)} ${size} ${mtimeMs}\n`);
  }
  const code = join(folder, `code-${hash.digest("hex").slice(0, 12)}`);
  const entry = join(code, "scripts/generate/generate-client.js");
  if (existsSync(entry)) return code;
  const staging = `${code}.${process.pid}-${Date.now()}`;
  for (const part of CODE_FOLDERS) cpSync(join(packageRoot, part), join(staging, part), { recursive: true });
  cpSync(specsFolder(packageRoot), join(staging, "specs"), { recursive: true });
  writeFileSync(join(staging, "package.json"), '{ "private": true, "type": "module" }\n');
  moveIntoPlace(staging, code, () => existsSync(entry));
  return code;
}

/** Renames `staging` to `target`; when another run put a good `target` there first, keeps that one. */
function moveIntoPlace(staging: string, target: string, isGood: () => boolean): void {
  if (existsSync(target) && !isGood()) rmSync(target, { recursive: true, force: true });
  try {
    renameSync(staging, target);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    if (!isGood()) throw error;
  }
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** npm's own last words, for the message: its error lines, not its stack. */
function npmSaid(error: unknown): string {
  const stderr = (error as { stderr?: unknown }).stderr;
  const text = typeof stderr === "string" && stderr.trim() !== "" ? stderr : String(error);
  return text.trim().split("\n").slice(-6).join("\n");
}

export type { PackageProblem };
