import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { diffSpecs } from "./diff-specs.js";
import { summaryLine } from "./render.js";

const run = promisify(execFile);

/**
 * The spec files whose text differs from `ref`, in one `git diff` (none when the root is no
 * repository, or the ref does not exist).
 */
async function changedSince(root: string, ref: string, files: readonly string[]): Promise<Set<string>> {
  const args = ["diff", "--name-only", "--relative", ref, "--", ...files.map((file) => `./${file}`)];
  return run("git", args, { cwd: root }).then(
    (result) => new Set(result.stdout.split("\n").filter((line) => line !== "")),
    () => new Set<string>(),
  );
}

/**
 * What `npm run generate` prints about the specs: for each one whose text differs from its version
 * at `ref`, the diff's summary and its breaking changes. Unchanged specs cost one `git diff` together
 * and print nothing.
 *
 * @param root - The repository root.
 * @param specFiles - Spec paths relative to the root.
 * @param ref - The revision to compare with (`HEAD`, a tag).
 * @returns The lines to print (none when nothing changed).
 */
export async function specChangesSince(
  root: string,
  specFiles: readonly string[],
  ref: string,
): Promise<string[]> {
  const lines: string[] = [];
  const changed = await changedSince(root, ref, specFiles);
  for (const file of specFiles) {
    if (!changed.has(file)) continue;
    // `./` makes the path relative to the root, so a --root inside another repository finds nothing.
    const diff = await diffSpecs(`git:${ref}:./${file}`, file, root).catch(
      (error: unknown) => error as Error,
    );
    if (diff instanceof Error) {
      // The version at ref may be one the generator no longer reads; that must not fail generation.
      lines.push(`${file} since ${ref}: not compared (${diff.message.split("\n")[0]})`);
      continue;
    }
    lines.push(`${file} since ${ref}: ${summaryLine(diff)}`);
    for (const change of diff.changes) {
      if (change.severity === "breaking")
        lines.push(`  breaking: ${change.operation || "(spec)"}: ${change.message}`);
    }
  }
  if (lines.length > 0) lines.push(`(chainkit diff git:${ref}:<spec> <spec> lists every change)`);
  return lines;
}
