import { relative, resolve } from "node:path";

/** The options of a `chainkit generate` run that decide what it writes. */
export interface RegenerateOptions {
  spec: string;
  out: string;
  name?: string | undefined;
  runtime?: string | undefined;
  allowRefRoots?: readonly string[] | undefined;
  allowRefUrls?: readonly string[] | undefined;
  allowSlowPatterns?: readonly string[] | undefined;
}

/**
 * The `chainkit generate` command that writes the same folder again, run from the current folder:
 * paths relative to it (an absolute path would name one machine), each argument quoted for a POSIX
 * shell when it holds anything but plain path characters. The `$ref` and pattern permissions the run
 * was given are repeated, or the command would be refused where the first run was not.
 *
 * @example
 * regenerateCommand({ spec: "/home/me/app/specs/pets.yaml", out: "src/pets" }); // run from /home/me/app
 * // "npx chainkit generate specs/pets.yaml --out src/pets"
 */
export function regenerateCommand(options: RegenerateOptions): string {
  const words = [
    "npx",
    "chainkit",
    "generate",
    relativePath(options.spec),
    "--out",
    relativePath(options.out),
  ];
  if (options.name !== undefined) words.push("--name", options.name);
  if (options.runtime !== undefined) words.push("--runtime", options.runtime);
  // The permissions the run was given: without them the same command would be refused.
  for (const root of options.allowRefRoots ?? []) words.push("--allow-ref-root", relativePath(root));
  for (const url of options.allowRefUrls ?? []) words.push("--allow-ref-url", url);
  for (const pattern of options.allowSlowPatterns ?? []) words.push("--allow-slow-pattern", pattern);
  return words.map(shellWord).join(" ");
}

function relativePath(path: string): string {
  return relative(process.cwd(), resolve(path)) || ".";
}

/** `word` as one POSIX shell word: bare when it is plain, else single-quoted. */
export function shellWord(word: string): string {
  return /^[\w./:@%+=,-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}
