import { parseArgs } from "node:util";
import type { SpecError } from "../../scripts/generate/spec-error.js";
import { UsageError } from "./usage-error.js";

/** `chainkit generate --help`. */
export const GENERATE_HELP = `Usage: chainkit generate <spec> --out <dir> [options]

Types, validators and a typed client for your own OpenAPI 3.0/3.1 or OpenRPC 1.x spec (YAML or
JSON, one file or several), running on chainkit's runtime: import create<Name>Client from <dir>.
An invalid spec is refused with its file, JSON pointer and what to fix. Names that clash with
JavaScript or with the generated code are renamed (delete -> delete_), each with a note on stderr.

Needs the generator's packages in your project:
  npm install -D ts-morph openapi-typescript yaml @redocly/openapi-core

Options:
  --out <dir>       where to write (files the generator no longer emits there are removed)
  --name <name>     the client's name (default: the spec file's name)
  --runtime <mod>   the module to import the runtime from (default chainkit/runtime)
  -h, --help        show this help`;

/** Runs `chainkit generate`. */
export async function runGenerateCommand(args: readonly string[]): Promise<void> {
  let parsed: ReturnType<typeof readOptions>;
  try {
    parsed = readOptions(args);
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(GENERATE_HELP);
    return;
  }
  const [spec] = positionals;
  if (spec === undefined || positionals.length > 1) throw new UsageError("give one spec file");
  if (values.out === undefined) throw new UsageError("--out <dir> is required");
  // The generator and its packages load only here: a client import never reaches them.
  const generator = await import("../../scripts/generate/generate-client.js").catch((error: unknown) => {
    throw new Error(
      `the generator's packages are missing (${error instanceof Error ? error.message : error}); run: npm install -D ts-morph openapi-typescript yaml @redocly/openapi-core`,
    );
  });
  const started = performance.now();
  const result = await generator
    .generateClient({
      spec,
      out: values.out,
      ...(values.name !== undefined && { name: values.name }),
      ...(values.runtime !== undefined && { runtime: values.runtime }),
      note: (line) => console.error(`note: ${line}`),
    })
    .catch(async (error: unknown) => {
      // A spec's fault is said with its place and fix, never as a stack trace.
      if (error instanceof Error && error.name === "SpecError") {
        throw new Error(await generator.describeSpecError(error as SpecError, spec));
      }
      throw error;
    });
  console.log(
    `${values.out}: ${result.files.length} files in ${Math.round(performance.now() - started)} ms; import { ${result.factory} } from its index.ts`,
  );
}

function readOptions(args: readonly string[]) {
  return parseArgs({
    args: [...args],
    allowPositionals: true,
    options: {
      out: { type: "string" },
      name: { type: "string" },
      runtime: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  });
}
