/**
 * What a guide needs besides chainkit, from its first line: `// Needs chainkit alone; run it with tsx.`
 * or `// Needs chainkit and viem; run it with tsx.` (several packages: `a, b and c`). A reader sees it
 * first; the packed-package check installs exactly that, so a guide that imports more fails there.
 */
import { readFileSync } from "node:fs";

const NEEDS_LINE = /^\/\/ Needs chainkit (?:alone|and (.+)); run it with tsx\.$/;

/**
 * The packages a guide's first line names besides chainkit (`[]` for "chainkit alone").
 *
 * @param file - The guide's path, named in the error.
 * @param source - The guide's text.
 * @throws {Error} when the first line does not say what the guide needs.
 * @example
 * guideNeeds("examples/viem.ts", "// Needs chainkit and viem; run it with tsx.\n…"); // ["viem"]
 */
export function guideNeeds(file: string, source: string): string[] {
  const first = source.split("\n", 1)[0] ?? "";
  const match = NEEDS_LINE.exec(first);
  if (!match) {
    throw new Error(
      `${file} must say on its first line what it needs besides chainkit: "// Needs chainkit alone; run it with tsx." or "// Needs chainkit and <package>; run it with tsx."`,
    );
  }
  return match[1] === undefined ? [] : match[1].split(/, | and /).map((name) => name.trim());
}

/**
 * {@link guideNeeds} of a guide file on disk.
 *
 * @example guideNeedsOf("examples/grpc.ts"); // ["@grpc/grpc-js"]
 */
export function guideNeedsOf(path: string): string[] {
  return guideNeeds(path, readFileSync(path, "utf8"));
}
