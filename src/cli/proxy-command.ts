import { createWriteStream } from "node:fs";
import { parseArgs } from "node:util";
import { emitReport, REPORT_OPTIONS, REPORT_OPTIONS_HELP, reportChoice } from "./drift-output.js";
import { loadSpecOption, SPEC_OPTIONS, SPEC_OPTIONS_HELP } from "./drift-spec-option.js";
import { toolkitModule } from "./generator/load-generator.js";
import { parsedOrUsageError, UsageError } from "./usage-error.js";
import { watchParent } from "./watch-parent.js";

/** `chainkit proxy --help`. */
export const PROXY_HELP = `Usage: chainkit proxy (--spec <file> | --surface <name>) --target <url> [options]

A proxy on 127.0.0.1 between a client and the service: forwards every request and answer byte
for byte (headers too, except hop-by-hop ones), and checks both against the spec with its
generated validators, JSON-RPC batches call by call. Each disagreement is recorded by operation
(or method), JSON pointer and rule, with a sample value; credentials in headers and URLs, and
secret-looking fields, are masked in everything it records. Stops on Ctrl-C (or SIGTERM) and
prints the report, with a suggested spec change for each finding.

Options:
${SPEC_OPTIONS_HELP}
  --target <url>          where requests go: the service's base URL
  --port <n>              the port to listen on (default: a free one)
  --record <file>         write each exchange, secrets masked, as one JSON line to <file> (read it
                          back with chainkit drift)
  --every <seconds>       also print the report every <seconds> seconds
${REPORT_OPTIONS_HELP}
  -h, --help              show this help`;

/** Runs `chainkit proxy`. */
export async function runProxyCommand(args: readonly string[]): Promise<void> {
  const { values, positionals } = parsedOrUsageError(() => readOptions(args));
  if (values.help) {
    console.log(PROXY_HELP);
    return;
  }
  if (positionals.length > 0)
    throw new UsageError(`unexpected ${positionals[0]}: give the spec with --spec or --surface`);
  if (values.target === undefined) throw new UsageError("give the service's URL: --target <url>");
  const port = values.port === undefined ? undefined : Number(values.port);
  if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port < 65536)) {
    throw new UsageError(`--port must be a port number from 0 to 65535, not ${values.port}`);
  }
  const every = values.every === undefined ? undefined : Number(values.every);
  if (every !== undefined && !(every > 0))
    throw new UsageError(`--every must be a number of seconds above 0, not ${values.every}`);
  const choice = reportChoice(values);
  const { spec, file } = await loadSpecOption(values);
  const { startDriftProxy } = await toolkitModule("src/toolkit/drift/index.js");
  const record = values.record === undefined ? undefined : createWriteStream(values.record, { flags: "a" });
  const proxy = await startDriftProxy({
    spec,
    target: values.target,
    ...(port !== undefined && { port }),
    ...(record && { onExchange: (exchange) => record.write(`${JSON.stringify(exchange)}\n`) }),
  });
  console.error(
    `chainkit proxy: ${proxy.url} -> ${new URL(values.target).origin}, checking against ${spec.name} (Ctrl-C prints the report and stops)`,
  );
  const timer =
    every === undefined
      ? undefined
      : setInterval(
          () => void emitReport(proxy.report(), { format: choice.format }, "proxy", file),
          every * 1000,
        );
  let stopping = false;
  // The first signal closes the proxy, writes the report and exits with its --fail-on code; a second one exits at once.
  const stop = (reason: string) => {
    if (stopping) process.exit(130);
    stopping = true;
    console.error(`chainkit proxy: ${reason}, stopping`);
    if (timer) clearInterval(timer);
    void (async () => {
      await proxy.close();
      await new Promise<void>((resolve) => (record ? record.end(resolve) : resolve()));
      await emitReport(proxy.report(), choice, "proxy", file);
      process.exit(process.exitCode ?? 0);
    })();
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  watchParent(() => stop("parent process gone"));
}

function readOptions(args: readonly string[]) {
  return parseArgs({
    args: [...args],
    allowPositionals: true,
    options: {
      ...SPEC_OPTIONS,
      ...REPORT_OPTIONS,
      target: { type: "string" },
      port: { type: "string" },
      record: { type: "string" },
      every: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  });
}
