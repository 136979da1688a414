/**
 * `npm run generate`: turns the specs in `specs/` into `generated/<surface>/`.
 *
 * Options:
 * - `--check`: write nothing; exit 1 listing the files that would change (CI's drift check).
 * - `--root <dir>`: read `<dir>/specs` and write `<dir>/generated` instead of this repository's (tests,
 *   the bench); a root without a package.json is not checked for surface entries (`entry-check.ts`).
 * - `--since <ref>`: the git revision whose specs the summary of spec changes compares with (default
 *   `HEAD`); a spec whose text is unchanged prints nothing.
 */
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { OutputFolderError } from "./output-manifest.js";
import { runGenerator } from "./run.js";
import { describeSpecError } from "./source-position.js";
import { SpecError } from "./spec-error.js";
import { SURFACES } from "./surfaces.js";

const USAGE = "usage: tsx scripts/generate/main.ts [--check] [--root <dir>] [--since <ref>]";

let options: { check: boolean; root: string; since: string };
try {
  const { values } = parseArgs({
    options: {
      check: { type: "boolean", default: false },
      root: { type: "string" },
      since: { type: "string", default: "HEAD" },
    },
    strict: true,
  });
  options = {
    check: values.check ?? false,
    root:
      values.root === undefined ? fileURLToPath(new URL("../../", import.meta.url)) : resolve(values.root),
    since: values.since ?? "HEAD",
  };
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  process.exit(2);
}

try {
  const { changed, missing } = await runGenerator(options);
  for (const piece of missing) console.error(`error: ${piece}`);
  if (missing.length > 0) process.exitCode = 1;
  if (options.check && changed.length > 0) {
    console.error(
      `generated output is out of date; run npm run generate. Would change:\n  ${changed.join("\n  ")}`,
    );
    process.exitCode = 1;
  }
  // What the spec edits do to consumers (`chainkit diff`); a spec whose text is unchanged costs a `git show`.
  const { specChangesSince } = await import("../../src/toolkit/diff/changed-specs.js");
  const specFiles = SURFACES.map((surface) => surface.specFile);
  for (const line of await specChangesSince(options.root, specFiles, options.since)) console.log(line);
} catch (error) {
  if (error instanceof SpecError) {
    console.error(`error: ${await describeSpecError(error, resolve(options.root, error.file))}`);
  } else if (error instanceof OutputFolderError) {
    console.error(`error: ${error.message}`);
  } else {
    console.error("the generator failed unexpectedly:", error);
  }
  process.exitCode = 1;
}
