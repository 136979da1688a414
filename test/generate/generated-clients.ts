/**
 * Runs generated clients the way a user's project does: in a scratch project, type-checked by
 * `tsc --strict`, then imported and called in a fresh child process whose working folder is the
 * project, so code a spec smuggled into the output leaves a marker file there (`pwned…`).
 */
import { execFile } from "node:child_process";
import { mkdtemp, readdir, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { ClientPlan } from "./child/use-generated-clients.js";
import { repoRoot } from "./support.js";

const run = promisify(execFile);

/** A scratch project: `node_modules` linked to this repository's, ESM. */
export async function scratchProject(): Promise<{ root: string; remove: () => Promise<void> }> {
  const root = await mkdtemp(join(tmpdir(), "chainkit-hostile-"));
  await symlink(join(repoRoot, "node_modules"), join(root, "node_modules"), "dir");
  await writeFile(join(root, "package.json"), JSON.stringify({ type: "module" }));
  return { root, remove: () => rm(root, { recursive: true, force: true }) };
}

/** `tsc --strict` over the generated folders under `root`: its diagnostics, `""` when it compiles. */
export async function compileStrict(
  root: string,
  folders: readonly string[],
  moreOptions: Record<string, unknown> = {},
): Promise<string> {
  const config = {
    extends: join(repoRoot, "tsconfig.json"),
    compilerOptions: {
      ...moreOptions,
      noEmit: true,
      strict: true,
      skipLibCheck: true,
      types: ["node"],
      typeRoots: [join(repoRoot, "node_modules/@types")],
    },
    include: folders.map((folder) => join(folder, "**/*")),
  };
  await writeFile(join(root, "tsconfig.json"), JSON.stringify(config));
  const tsc = join(repoRoot, "node_modules/typescript/bin/tsc");
  return run(process.execPath, [tsc, "-p", join(root, "tsconfig.json")], { maxBuffer: 1 << 26 }).then(
    () => "",
    (error: { stdout?: string }) => error.stdout ?? String(error),
  );
}

/** What a child process that imported and called generated clients saw. */
export interface ChildRun {
  /** Per client, in plan order: the value returned (bigints as `"<digits>n"`), or the error thrown. */
  results: { index: string; value?: unknown; error?: string }[];
  /** Marker files found in the project afterwards: each is code a spec ran. */
  markers: string[];
}

/** Imports and calls each planned client in one fresh child process (no error handler installed). */
export async function useInChild(root: string, plans: readonly ClientPlan[]): Promise<ChildRun> {
  const planFile = join(root, "plan.json");
  await writeFile(planFile, JSON.stringify(plans));
  const child = join(repoRoot, "test/generate/child/use-generated-clients.ts");
  const { stdout } = await run(process.execPath, ["--import", "tsx", child, planFile], {
    cwd: root,
    maxBuffer: 1 << 26,
  });
  const results = stdout
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as ChildRun["results"][number]);
  const markers = (await readdir(root)).filter((name) => name.startsWith("pwned"));
  return { results, markers };
}
