import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { promisify } from "node:util";
import type { Json } from "../../../scripts/generate/json.js";
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
 * @throws {SpecSourceError} When the file or the revision does not exist.
 * @throws {SpecError} When the spec is broken (its file, JSON pointer and fix).
 */
export async function loadSpecSource(source: string, cwd = process.cwd()): Promise<LoadedSpec> {
  const git = gitSource(source);
  if (git === undefined) {
    const path = resolve(cwd, source);
    if (!existsSync(path))
      throw new SpecSourceError(source, "no such file; give a spec file or git:<ref>:<path>");
    return readWithGenerator(source, path);
  }
  const text = await run("git", ["show", `${git.ref}:${git.path}`], {
    cwd,
    maxBuffer: 512 * 1024 * 1024,
  }).then(
    (result) => result.stdout,
    (error: { stderr?: string }) => {
      throw new SpecSourceError(
        source,
        `git show ${git.ref}:${git.path} failed (${(error.stderr ?? "").trim().split("\n")[0]}); check the ref and that the path is from the repository's root or starts with ./`,
      );
    },
  );
  const folder = await mkdtemp(join(tmpdir(), "chainkit-diff-"));
  try {
    const file = join(folder, basename(git.path));
    await writeFile(file, text);
    return await readWithGenerator(source, file);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

async function readWithGenerator(source: string, path: string): Promise<LoadedSpec> {
  // The generator's loader and its packages load only here, as for `chainkit generate`. A diff reads
  // specs as the generator does: `$ref`s confined to the spec's folder, within the limits.
  const { readAnySpec } = await import("../../../scripts/generate/read-spec.js");
  const { kind, doc } = await readAnySpec(source, path);
  return { source, kind, doc };
}
