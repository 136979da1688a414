import { parseArgs } from "node:util";
import type { SpecError } from "../../scripts/generate/spec-error.js";
import type { SpecLimits } from "../../scripts/generate/spec-limits.js";
import { watchGeneration } from "./generate-watch.js";
import { toolkitModule } from "./generator/load-generator.js";
import { PATTERN_OPTIONS, patternPolicyOf } from "./pattern-options.js";
import { REF_OPTIONS, refPolicyOf } from "./ref-options.js";
import { parsedOrUsageError, UsageError } from "./usage-error.js";

/** `chainkit generate --help`. */
export const GENERATE_HELP = `Usage: chainkit generate <spec> --out <dir> [options]

Types, validators and a typed client for your own OpenAPI 3.0/3.1 or OpenRPC 1.x spec (YAML or
JSON, one file or several), running on chainkit's runtime: import create<Name>Client from <dir>.
An invalid spec is refused with its file, JSON pointer and what to fix. Names that clash with
JavaScript or with the generated code are renamed (delete -> delete_), each with a note on stderr.

Nothing else to install: on first use the generator installs its own packages, at the versions
it was tested with, into ~/.cache/chainkit (CHAINKIT_GENERATOR_CACHE moves it); your project's
packages (TypeScript 7 included) are never used or changed.

Options:
  --out <dir>       where to write: a new or empty folder, or one an earlier run wrote (only
                    files listed in its .chainkit-generated.json are ever replaced or removed)
  --name <name>     the client's name (default: the spec file's name)
  --runtime <mod>   the module to import the runtime from (default chainkit/runtime)
  --allow-ref-root <dir>
                    let $refs read files in <dir> and below too (repeatable); by default only
                    files in the spec's own folder and below are read
  --allow-ref-url <origin>
                    let $refs fetch URLs of <origin>, e.g. https://schemas.example.com
                    (repeatable); by default nothing is fetched
  --allow-slow-pattern <pattern>
                    accept this pattern, exactly as the spec writes it, although a crafted
                    string can make it backtrack for seconds or more (repeatable); by default
                    such a pattern is refused, naming where it is, why and how to rewrite it
  --max-spec-depth <n>
                    how deep the spec may nest (default 64 levels)
  --max-ref-depth <n>
                    how deep the spec may nest with each $ref followed into what it names
                    (default 128 levels)
  --max-yaml-aliases <n>
                    how many times YAML aliases may be expanded in all (default 1000)
  --max-spec-mb <n> how many megabytes the spec may take with its aliases expanded (default 16)
  --watch           regenerate on each save of the spec or a file it references; a broken save
                    prints its error and keeps the last good output
  -h, --help        show this help`;

/** Runs `chainkit generate`. */
export async function runGenerateCommand(args: readonly string[]): Promise<void> {
  const { values, positionals } = parsedOrUsageError(() => readOptions(args));
  if (values.help) {
    console.log(GENERATE_HELP);
    return;
  }
  const [spec] = positionals;
  if (spec === undefined || positionals.length > 1) throw new UsageError("give one spec file");
  if (values.out === undefined) throw new UsageError("--out <dir> is required");
  for (const origin of values["allow-ref-url"] ?? []) {
    if (!/^https?:\/\/[^/?#]+\/?$/i.test(origin)) {
      throw new UsageError(
        `--allow-ref-url takes an origin such as https://schemas.example.com, not "${origin}"`,
      );
    }
  }
  // The generator and its packages load only here: a client import never reaches them.
  const generator = await toolkitModule("scripts/generate/generate-client.js");
  const options = {
    spec,
    out: values.out,
    ...(values.name !== undefined && { name: values.name }),
    ...(values.runtime !== undefined && { runtime: values.runtime }),
    ...refPolicyOf(values),
    ...patternPolicyOf(values),
    limits: readLimits(values),
    note: (line: string) => console.error(`note: ${line}`),
  };
  const generate = async (): Promise<string> => {
    const started = performance.now();
    const result = await generator.generateClient(options).catch(async (error: unknown) => {
      // A spec's fault is said with its place and fix, never as a stack trace.
      if (error instanceof Error && error.name === "SpecError") {
        throw new Error(await generator.describeSpecError(error as SpecError, spec));
      }
      throw error;
    });
    return `${result.files.length} files in ${Math.round(performance.now() - started)} ms; import { ${result.factory} } from its index.ts`;
  };
  if (!values.watch) {
    console.log(`${values.out}: ${await generate()}`);
    return;
  }
  // Watching starts even when the first run fails: the next save may fix the spec.
  await generate().then(
    (summary) => console.log(`${values.out}: ${summary}`),
    (error: unknown) => console.error(`chainkit: ${error instanceof Error ? error.message : String(error)}`),
  );
  await watchGeneration({
    spec,
    out: values.out,
    generate: async () => {
      await generate();
    },
    referencedFiles: generator.referencedFiles,
    print: (line) => console.log(line),
    printError: (line) => console.error(line),
  });
  console.log(`watching ${spec} and the files it references; Ctrl-C stops`);
}

function readOptions(args: readonly string[]) {
  return parseArgs({
    args: [...args],
    allowPositionals: true,
    options: {
      out: { type: "string" },
      name: { type: "string" },
      runtime: { type: "string" },
      ...REF_OPTIONS,
      ...PATTERN_OPTIONS,
      "max-spec-depth": { type: "string" },
      "max-ref-depth": { type: "string" },
      "max-yaml-aliases": { type: "string" },
      "max-spec-mb": { type: "string" },
      watch: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  });
}

/** The spec limits the command line raises (or lowers); each a positive whole number. */
function readLimits(values: ReturnType<typeof readOptions>["values"]) {
  const limits: Partial<SpecLimits> = {};
  const given = [
    ["max-spec-depth", "maxDepth"],
    ["max-ref-depth", "maxRefDepth"],
    ["max-yaml-aliases", "maxAliases"],
    ["max-spec-mb", "maxMegabytes"],
  ] as const;
  for (const [option, limit] of given) {
    const text = values[option];
    if (text === undefined) continue;
    if (!/^[1-9][0-9]{0,8}$/.test(text))
      throw new UsageError(`--${option} takes a positive whole number, not "${text}"`);
    limits[limit] = Number(text);
  }
  return limits;
}
