import { parseArgs } from "node:util";
import { emitReport, REPORT_OPTIONS, REPORT_OPTIONS_HELP, reportChoice } from "./drift-output.js";
import { loadSpecOption, SPEC_OPTIONS, SPEC_OPTIONS_HELP } from "./drift-spec-option.js";
import { toolkitModule } from "./generator/load-generator.js";
import { parsedOrUsageError, UsageError } from "./usage-error.js";

/** `chainkit drift --help`. */
export const DRIFT_HELP = `Usage: chainkit drift <capture> (--spec <file> | --surface <name>) [options]

The proxy's checks over traffic already recorded: a HAR file (HTTP Archive 1.2, as browsers and
proxies save it) or the NDJSON chainkit proxy --record writes. Every request and answer is
checked against the spec with its generated validators, and the report is the proxy's: each
finding by operation (or JSON-RPC method), pointer and rule, counted, with a suggested spec change
in words and as a JSON Patch. Credentials and secret-looking fields never reach the report.

Options:
${SPEC_OPTIONS_HELP}
${REPORT_OPTIONS_HELP}
  -h, --help              show this help`;

/** Runs `chainkit drift`. */
export async function runDriftCommand(args: readonly string[]): Promise<void> {
  const { values, positionals } = parsedOrUsageError(() => readOptions(args));
  if (values.help) {
    console.log(DRIFT_HELP);
    return;
  }
  const [capture] = positionals;
  if (capture === undefined || positionals.length > 1)
    throw new UsageError("give one capture file (.har or .ndjson)");
  const choice = reportChoice(values);
  const { spec, file } = await loadSpecOption(values);
  const { checkCapture } = await toolkitModule("src/toolkit/drift/index.js");
  await emitReport(await checkCapture(capture, spec), choice, "drift", file);
}

function readOptions(args: readonly string[]) {
  return parseArgs({
    args: [...args],
    allowPositionals: true,
    options: { ...SPEC_OPTIONS, ...REPORT_OPTIONS, help: { type: "boolean", short: "h" } },
    strict: true,
  });
}
