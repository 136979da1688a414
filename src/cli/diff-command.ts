import { parseArgs } from "node:util";
import type { SpecError } from "../../scripts/generate/spec-error.js";
import { toolkitModule } from "./generator/load-generator.js";
import { REF_OPTIONS, refPolicyOf } from "./ref-options.js";
import { parsedOrUsageError, UsageError } from "./usage-error.js";

/** `chainkit diff --help`. */
export const DIFF_HELP = `Usage: chainkit diff <old> <new> [options]

What changed between two versions of an OpenAPI or OpenRPC spec, judged on the wire: every change
breaking, non-breaking or info, with its operation, where it is in both versions, what a caller or
consumer sees and what it does to the generated TypeScript client; then the semver bump it needs.
Each version is a file or git:<ref>:<path> (git:HEAD~1:specs/platform.openapi.yaml).

Options:
  --format <f>      text (default), json, or markdown (for a pull-request comment)
  --fail-on <s>     exit 1 when a change is at least this serious: breaking, non-breaking or info
  --allow-ref-root <dir>
                    let the specs' $refs read files under <dir> too (repeatable)
  --allow-ref-url <origin>
                    let the specs' $refs fetch from <origin> (repeatable)
  -h, --help        show this help`;

const FORMATS = ["text", "json", "markdown"] as const;

/** Runs `chainkit diff`. */
export async function runDiffCommand(args: readonly string[]): Promise<void> {
  const { values, positionals } = parsedOrUsageError(() => readOptions(args));
  if (values.help) {
    console.log(DIFF_HELP);
    return;
  }
  const [oldSpec, newSpec] = positionals;
  if (oldSpec === undefined || newSpec === undefined || positionals.length > 2) {
    throw new UsageError("give two versions: chainkit diff <old> <new>");
  }
  const format = values.format ?? "text";
  if (!(FORMATS as readonly string[]).includes(format)) {
    throw new UsageError(`--format ${format}: use text, json or markdown`);
  }
  const diff = await toolkitModule("src/toolkit/diff/index.js");
  const failOn = values["fail-on"];
  if (failOn !== undefined && !(diff.SEVERITIES as readonly string[]).includes(failOn)) {
    throw new UsageError(`--fail-on ${failOn}: use breaking, non-breaking or info`);
  }
  const result = await diff
    .diffSpecs(oldSpec, newSpec, undefined, refPolicyOf(values))
    .catch(async (error: unknown) => {
      // A spec's fault is said with its place and fix, never as a stack trace.
      if (error instanceof Error && error.name === "SpecError") {
        const { describeSpecError } = await toolkitModule("scripts/generate/source-position.js");
        const specError = error as SpecError;
        throw new Error(await describeSpecError(specError, specError.file));
      }
      throw error;
    });
  const render = { text: diff.renderText, json: diff.renderJson, markdown: diff.renderMarkdown }[
    format as (typeof FORMATS)[number]
  ];
  process.stdout.write(render(result));
  if (failOn !== undefined && diff.failsOn(result.changes, failOn as (typeof diff.SEVERITIES)[number])) {
    console.error(`chainkit diff: ${diff.summaryLine(result)} (--fail-on ${failOn})`);
    process.exitCode = 1;
  }
}

function readOptions(args: readonly string[]) {
  return parseArgs({
    args: [...args],
    allowPositionals: true,
    options: {
      format: { type: "string" },
      "fail-on": { type: "string" },
      ...REF_OPTIONS,
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  });
}
