import { parseArgs } from "node:util";
import type { SpecError } from "../../scripts/generate/spec-error.js";
import { checkBrowserOrigins } from "../sandbox/browser-origins.js";
import { signalStopper } from "../sandbox/stop-on-signal.js";
import { toolkitModule } from "./generator/load-generator.js";
import { PATTERN_OPTIONS, patternPolicyOf } from "./pattern-options.js";
import { REF_OPTIONS, refPolicyOf } from "./ref-options.js";
import { parsedOrUsageError, UsageError } from "./usage-error.js";
import { watchParent } from "./watch-parent.js";

/** `chainkit mock --help`. */
export const MOCK_HELP = `Usage: chainkit mock <spec> [options]

A mock server of any spec chainkit generate reads (OpenAPI 3.x or OpenRPC), on 127.0.0.1: every
request is checked with the spec's generated validators (a bad one is refused in the spec's own
error shape, else as application/problem+json or JSON-RPC -32602, naming each field), and answered
from the spec's examples or from values drawn from its schemas, each checked against the answer's
schema. Creates, reads, updates, deletes and lists keep state where the paths make the resource
obvious (POST /notes, GET /notes/{id}, ...).

Pick an answer with the Prefer header (as Stoplight Prism reads it):
  Prefer: code=404          the spec's 404 answer
  Prefer: example=<name>    the named example
  Prefer: dynamic=true      a value drawn from the schema, not an example

Options:
  --port <n>                the port (default: a free one)
  --seed <n>                answers repeat per seed (default 1)
  --stateless               keep nothing between requests
  --allow-ref-root <dir>    let the spec's $refs read files under <dir> too (repeatable)
  --allow-ref-url <origin>  let the spec's $refs fetch from <origin> (repeatable)
  --allow-slow-pattern <pattern>
                            accept this pattern of the spec although it can backtrack
                            super-linearly (repeatable; by default such a spec is refused)
  --browser-origin <url>    let pages of this origin read the answers from a browser (CORS), e.g.
                            a docs portal's try-it at http://127.0.0.1:8600 (repeatable); no
                            other page may
  -h, --help                show this help

In a test, createMockFetch(spec) from chainkit/mock gives the same mock as a fetch, in process.`;

/** Runs `chainkit mock`. */
export async function runMockCommand(args: readonly string[]): Promise<void> {
  const { values, positionals } = parsedOrUsageError(() => readOptions(args));
  if (values.help) {
    console.log(MOCK_HELP);
    return;
  }
  const [spec] = positionals;
  if (spec === undefined || positionals.length > 1) throw new UsageError("give one spec file");
  const port = values.port === undefined ? undefined : Number(values.port);
  if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port < 65536)) {
    throw new UsageError(`--port must be a port number from 0 to 65535, not ${values.port}`);
  }
  const browserOrigins = values["browser-origin"] ?? [];
  try {
    checkBrowserOrigins(browserOrigins);
  } catch (error) {
    throw new UsageError(`--browser-origin: ${(error as Error).message}`);
  }
  const seed = values.seed === undefined ? 1 : Number(values.seed);
  if (!Number.isSafeInteger(seed)) throw new UsageError(`--seed must be an integer, not ${values.seed}`);
  // The mock and the generator it runs load only here.
  const [{ serveMock }, generator] = await Promise.all([
    toolkitModule("src/toolkit/mock/serve-mock.js"),
    toolkitModule("scripts/generate/generate-client.js"),
  ]);
  const started = performance.now();
  const server = await serveMock(spec, {
    seed,
    stateless: values.stateless === true,
    ...(port !== undefined && { port }),
    ...refPolicyOf(values),
    ...patternPolicyOf(values),
    browserOrigins,
    note: (line) => console.error(`note: ${line}`),
  }).catch(async (error: unknown) => {
    if (error instanceof Error && error.name === "SpecError") {
      throw new Error(await generator.describeSpecError(error as SpecError, spec));
    }
    throw error;
  });
  const kind = server.mock.kind === "openrpc" ? "methods" : "operations";
  console.log(
    `mock of ${spec}: ${server.url} (${server.mock.operations.length} ${kind}, ready in ${Math.round(performance.now() - started)} ms; Ctrl-C stops it)`,
  );
  const stop = signalStopper(() => server.close());
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  watchParent(() => stop("parent process gone"));
}

function readOptions(args: readonly string[]) {
  return parseArgs({
    args: [...args],
    allowPositionals: true,
    options: {
      port: { type: "string" },
      seed: { type: "string" },
      stateless: { type: "boolean" },
      ...REF_OPTIONS,
      ...PATTERN_OPTIONS,
      "browser-origin": { type: "string", multiple: true },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  });
}
