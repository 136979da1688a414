import { parseArgs } from "node:util";
import { emitReport, REPORT_OPTIONS, REPORT_OPTIONS_HELP, reportChoice } from "./drift-output.js";
import { toolkitModule } from "./generator/load-generator.js";
import { parsedOrUsageError, UsageError } from "./usage-error.js";

/** `chainkit check --help`. */
export const CHECK_HELP = `Usage: chainkit check <surface> --target <url> [options]

Runs a surface's safe read operations (REST operations the spec marks safe to retry, read-only
JSON-RPC methods) with the spec's own examples against the service or node you point it at, and
reports where the answers disagree with the spec, as chainkit drift does. Operations without an
example for each required input are skipped and listed on stderr. Nothing that changes state is
sent unless you ask with --allow-writes.

Surfaces: evm, platform, exchange, wallet, indexer

Options:
  --target <url>          the service's base URL (a node's https_endpoint, the platform's URL)
  --key <key>             the platform API key (default: CHAINKIT_API_KEY)
  --token <token>         the node token, sent in the path (default: CHAINKIT_NODE_TOKEN)
  --allow-writes          run the operations that change state too, with the spec's examples
${REPORT_OPTIONS_HELP}
  -h, --help              show this help`;

/** Runs `chainkit check`. */
export async function runCheckCommand(args: readonly string[]): Promise<void> {
  const { values, positionals } = parsedOrUsageError(() => readOptions(args));
  if (values.help) {
    console.log(CHECK_HELP);
    return;
  }
  const [surface] = positionals;
  if (surface === undefined || positionals.length > 1)
    throw new UsageError("give one surface: chainkit check <surface>");
  if (values.target === undefined) throw new UsageError("give the service's URL: --target <url>");
  const choice = reportChoice(values);
  const drift = await toolkitModule("src/toolkit/drift/index.js");
  if (!drift.OWN_SURFACES.includes(surface)) {
    throw new UsageError(`unknown surface "${surface}"; use one of ${drift.OWN_SURFACES.join(", ")}`);
  }
  const spec = await drift.loadDriftSpec({ surface });
  const apiKey = values.key ?? process.env.CHAINKIT_API_KEY;
  const token = values.token ?? process.env.CHAINKIT_NODE_TOKEN;
  const result = await drift.checkSafeReads(spec, {
    target: values.target,
    ...(apiKey && { apiKey }),
    ...(token && { token }),
    allowWrites: values["allow-writes"] === true,
  });
  for (const { operation, reason } of result.skipped) console.error(`skipped ${operation}: ${reason}`);
  await emitReport(result.report, choice, "check");
}

function readOptions(args: readonly string[]) {
  return parseArgs({
    args: [...args],
    allowPositionals: true,
    options: {
      ...REPORT_OPTIONS,
      target: { type: "string" },
      key: { type: "string" },
      token: { type: "string" },
      "allow-writes": { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  });
}
