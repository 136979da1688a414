import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, posix, resolve } from "node:path";
import { promisify } from "node:util";
import type { Json } from "../../../scripts/generate/json.js";
import type { RefPolicy } from "../../../scripts/generate/ref-confinement.js";
import type { SpecKind } from "../../../scripts/generate/spec-dialect.js";
import { SpecSourceError } from "./spec-source-error.js";

/** A spec read for comparing: bundled, 3.0 upgraded to 3.1, operation ids filled in. */
export interface LoadedSpec {
  /** The source as given (`specs/a.yaml`, `git:v1.2.0:specs/a.yaml`). */
  source: string;
  kind: SpecKind;
  doc: Json;
}

const run = promisify(execFile);

/** `git:<ref>:<path>`, split. */
export function gitSource(source: string): { ref: string; path: string } | undefined {
  const match = /^git:([^:]+):(.+)$/.exec(source);
  return match ? { ref: match[1] as string, path: match[2] as string } : undefined;
}

/**
 * Reads one version of a spec with the generator's own loader, from a file or from git
 * (`git:<ref>:<path>`, the path as `git show` takes it; `./` makes it relative to the working
 * directory).
 *
 * @param refPolicy - Folders and origins a `$ref` may read beyond the spec's folder (none by default).
 * @throws {SpecSourceError} When the file or the revision does not exist.
 * @throws {SpecError} When the spec is broken (its file, JSON pointer and fix).
 */
export async function loadSpecSource(
  source: string,
  cwd = process.cwd(),
  refPolicy: RefPolicy = {},
): Promise<LoadedSpec> {
  const git = gitSource(source);
  if (git === undefined) {
    const path = resolve(cwd, source);
    if (!existsSync(path))
      throw new SpecSourceError(source, "no such file; give a spec file or git:<ref>:<path>");
    return readWithGenerator(source, path, refPolicy);
  }
  const folder = await mkdtemp(join(tmpdir(), "chainkit-diff-"));
  try {
    const root = await writeGitFolder(source, git, cwd, folder);
    return await readWithGenerator(source, root, refPolicy);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The most files of a spec's folder a `git:` version copies out (only YAML and JSON are copied). */
const MAX_GIT_FILES = 2_000;

/**
 * Writes the spec's folder as it is at the ref (its YAML and JSON files, subfolders included) into
 * `folder`, so that the external `$ref`s of a multi-file spec read the same version as its root,
 * and returns the root file's path there. A `$ref` can only reach the spec's own folder (the
 * generator's confinement), so nothing else is needed.
 *
 * @throws {SpecSourceError} When git cannot read the root file at the ref.
 */
async function writeGitFolder(
  source: string,
  git: { ref: string; path: string },
  cwd: string,
  folder: string,
): Promise<string> {
  const fail = (error: { stderr?: string }): never => {
    throw new SpecSourceError(
      source,
      `git show ${git.ref}:${git.path} failed (${(error.stderr ?? "").trim().split("\n")[0]}); check the ref and that the path is from the repository's root or starts with ./`,
    );
  };
  const text = await run("git", ["show", `${git.ref}:${git.path}`], {
    cwd,
    maxBuffer: 512 * 1024 * 1024,
  }).then((result) => result.stdout, fail);
  // The path from the repository's root: `./` paths are from the working directory, as git show reads them.
  const prefix = git.path.startsWith("./")
    ? (await run("git", ["rev-parse", "--show-prefix"], { cwd }).catch(fail)).stdout.trim()
    : "";
  const fromRoot = posix.normalize(prefix + git.path.replace(/^\.\//, ""));
  const top = (await run("git", ["rev-parse", "--show-toplevel"], { cwd }).catch(fail)).stdout.trim();
  const specFolder = posix.dirname(fromRoot);
  const listed = await run(
    "git",
    ["ls-tree", "-r", "-z", "--name-only", git.ref, "--", specFolder === "." ? "." : specFolder],
    { cwd: top, maxBuffer: 64 * 1024 * 1024 },
  ).catch(fail);
  const files = listed.stdout
    .split("\0")
    .filter((file) => /\.(ya?ml|json)$/i.test(file) && file !== fromRoot)
    .slice(0, MAX_GIT_FILES);
  const within = (file: string) => join(folder, specFolder === "." ? file : posix.relative(specFolder, file));
  for (const file of files) {
    const { stdout } = await run("git", ["show", `${git.ref}:${file}`], {
      cwd: top,
      maxBuffer: 512 * 1024 * 1024,
    });
    await mkdir(dirname(within(file)), { recursive: true });
    await writeFile(within(file), stdout);
  }
  const root = within(fromRoot);
  await mkdir(dirname(root), { recursive: true });
  await writeFile(root, text);
  return root;
}

async function readWithGenerator(source: string, path: string, refPolicy: RefPolicy): Promise<LoadedSpec> {
  // The generator's loader and its packages load only here, as for `chainkit generate`. A diff reads
  // specs as the generator does: `$ref`s confined to the spec's folder, within the limits.
  const { readAnySpec } = await import("../../../scripts/generate/read-spec.js");
  const { kind, doc } = await readAnySpec(source, path, { refPolicy });
  return { source, kind, doc };
}
