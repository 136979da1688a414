import { cpSync, existsSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import type { RefPolicy } from "../../scripts/generate/ref-confinement.js";
import type { PatternPolicy } from "../../scripts/generate/slow-patterns.js";
import type { SpecError } from "../../scripts/generate/spec-error.js";
import { toolkitModule } from "./generator/load-generator.js";
import { PATTERN_OPTIONS, patternPolicyOf } from "./pattern-options.js";
import { REF_OPTIONS, refPolicyOf } from "./ref-options.js";
import { serveFolder } from "./serve-folder.js";
import { mocksForPortal, sandboxForPortal, type TryItServers } from "./try-it-servers.js";
import { UsageError } from "./usage-error.js";
import { watchParent } from "./watch-parent.js";

/** `chainkit docs --help`. */
export const DOCS_HELP = `Usage: chainkit docs [options]
       chainkit docs --serve --sandbox [--seed <n>]
       chainkit docs <spec…> --out <dir> [--versions <dir>] [--serve [--mock]]

The docs portal: every operation of every spec, the guides and a search, as static pages that
work from file:// with no request leaving the page.

Without options, prints the path of chainkit's portal's index.html to open in a browser.

With specs (OpenAPI 2.0/3.0/3.1/3.2 or OpenRPC, YAML or JSON, one file or a multi-file root),
builds the same portal for them into <dir>, each operation with the call of the client
chainkit generate makes from the spec. Needs the generator's packages, as chainkit generate does.

Options:
  --out <dir>      copy the portal into <dir> (to publish or keep it); with specs, where to build
  --versions <dir> with specs: a folder of released specs, one folder per release (v1.0.0/,
                   v1.1.0/, …) holding each spec under its file name; each spec then gets a
                   changelog page, every change judged as chainkit diff judges it
  --serve          serve the portal on 127.0.0.1 until Ctrl-C (or until the process
                   that started it goes away)
  --port <n>       the port for --serve (default: a free one)
  --sandbox        with --serve, for chainkit's portal: also start the sandbox, whose
                   answers the portal's pages (and no other page) may read, so each
                   operation's Try it sends to it; its demo credentials are printed
  --seed <n>       the sandbox's seed (the same credentials on every run)
  --mock           with --serve, for your specs: also start chainkit mock of each spec,
                   readable by the portal's pages only, for Try it
  --allow-ref-root <dir>
                   with specs: let their $refs read files under <dir> too (repeatable)
  --allow-ref-url <origin>
                   with specs: let their $refs fetch from <origin> (repeatable)
  --allow-slow-pattern <pattern>
                   with specs: accept this pattern although it can backtrack
                   super-linearly (repeatable; by default such a spec is refused)
  -h, --help       show this help`;

/** The built portal: `site/` in the repository (npm run docs), `dist/site/` in the package. */
const SITE = fileURLToPath(new URL("../../site/", import.meta.url));

function readOptions(args: readonly string[]) {
  try {
    return parseArgs({
      args: [...args],
      allowPositionals: true,
      options: {
        out: { type: "string" },
        versions: { type: "string" },
        serve: { type: "boolean" },
        port: { type: "string" },
        sandbox: { type: "boolean" },
        seed: { type: "string" },
        mock: { type: "boolean" },
        ...REF_OPTIONS,
        ...PATTERN_OPTIONS,
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/**
 * `chainkit docs`: points at the built portal, copies it, or serves it on loopback until a signal or
 * the loss of its parent process stops it.
 *
 * @param args - The arguments after `docs`.
 * @throws {UsageError} for a wrong command line.
 * @throws {Error} when the portal is not built (from a repository checkout: run `npm run docs`).
 * @example
 * await runDocsCommand(["--serve", "--port", "8600"]);
 */
export async function runDocsCommand(args: readonly string[]): Promise<void> {
  const { values: options, positionals: specs } = readOptions(args);
  if (options.help) return console.log(DOCS_HELP);
  if (options.port !== undefined && !options.serve) throw new UsageError("--port goes with --serve");
  if (options.versions !== undefined && specs.length === 0) {
    throw new UsageError("--versions goes with specs: chainkit docs <spec…> --out <dir> --versions <dir>");
  }
  if (
    options.versions !== undefined &&
    !statSync(options.versions, { throwIfNoEntry: false })?.isDirectory()
  ) {
    throw new UsageError(
      `--versions ${options.versions} is not a folder; give the folder that holds one folder per release`,
    );
  }
  if ((options.sandbox || options.mock) && !options.serve) {
    throw new UsageError(`--${options.sandbox ? "sandbox" : "mock"} goes with --serve`);
  }
  if (options.seed !== undefined && !options.sandbox) throw new UsageError("--seed goes with --sandbox");
  if (specs.length > 0) {
    if (options.out === undefined) throw new UsageError("--out <dir> is required with specs");
    if (options.sandbox) {
      throw new UsageError("--sandbox serves chainkit's own surfaces; for your specs, use --mock");
    }
    const policy = { ...refPolicyOf(options), ...patternPolicyOf(options) };
    const built = await buildTeamPortal(specs, options.out, options.versions, policy);
    if (options.serve) {
      const mocks = options.mock ? (portal: string) => mocksForPortal(portal, built, policy) : undefined;
      await serveUntilStopped(resolve(options.out), options.port, mocks);
    }
    return;
  }
  if (options.mock)
    throw new UsageError("--mock needs your specs: chainkit docs <spec…> --out <dir> --serve --mock");
  if (!existsSync(resolve(SITE, "index.html"))) {
    throw new Error(`the docs portal is not built at ${SITE}: run npm run docs`);
  }
  if (options.out !== undefined) {
    cpSync(SITE, options.out, { recursive: true });
    console.log(`docs portal copied to ${resolve(options.out, "index.html")}`);
  }
  if (!options.serve) {
    if (options.out === undefined) console.log(resolve(SITE, "index.html"));
    return;
  }
  const seed = options.seed === undefined ? undefined : Number(options.seed);
  if (seed !== undefined && !(Number.isSafeInteger(seed) && seed >= 0 && seed < 2 ** 32)) {
    throw new UsageError(`--seed must be a whole number from 0 to 4294967295, not "${options.seed}"`);
  }
  const sandbox = options.sandbox ? (portal: string) => sandboxForPortal(portal, seed) : undefined;
  await serveUntilStopped(SITE, options.port, sandbox);
}

/** Builds a team's portal from their specs, printing each spec's pages and time; returns each spec's name in it. */
async function buildTeamPortal(
  specs: readonly string[],
  out: string,
  versions: string | undefined,
  policy: RefPolicy & PatternPolicy,
): Promise<{ id: string; path: string }[]> {
  // The generator and its packages load only here, as for chainkit generate (installed on first use).
  const [{ buildTeamSite }, { describeSpecError }] = await Promise.all([
    toolkitModule("scripts/docs/team-site.js"),
    toolkitModule("scripts/generate/source-position.js"),
  ]);
  const started = performance.now();
  const note = (line: string) => console.error(`note: ${line}`);
  const result = await buildTeamSite(specs, out, note, versions, policy).catch(async (error: unknown) => {
    // A spec's fault is said with its place and fix, never as a stack trace.
    if (error instanceof Error && error.name === "SpecError") {
      const spec = (error as SpecError).file;
      throw new Error(await describeSpecError(error as SpecError, spec));
    }
    throw error;
  });
  for (const spec of result.specs) {
    console.log(
      `${spec.path}: ${spec.pages} reference page${spec.pages === 1 ? "" : "s"} in ${spec.milliseconds} ms`,
    );
  }
  console.log(
    `docs portal: ${result.files.length} files in ${Math.round(performance.now() - started)} ms; open ${resolve(out, "index.html")}`,
  );
  return result.specs.map((spec) => ({ id: spec.id, path: spec.path }));
}

/**
 * Serves a portal folder on loopback until a signal or the loss of the parent process, with the
 * servers its try-it sends to when asked (their URLs served as `try-it-targets.json`).
 */
async function serveUntilStopped(
  folder: string,
  portOption: string | undefined,
  startTryIt?: (portalUrl: string) => Promise<TryItServers>,
): Promise<void> {
  const port = portOption === undefined ? 0 : Number(portOption);
  if (!Number.isSafeInteger(port) || port < 0 || port > 65_535) {
    throw new UsageError(`--port must be a whole number from 0 to 65535, not "${portOption}"`);
  }
  const generated = new Map<string, string>();
  const server = await serveFolder(folder, port, generated);
  let tryIt: TryItServers | undefined;
  try {
    tryIt = await startTryIt?.(server.url);
  } catch (error) {
    await server.close();
    throw error;
  }
  if (tryIt) {
    generated.set("/try-it-targets.json", JSON.stringify(tryIt.targets));
    console.log(tryIt.summary);
  }
  console.log(`docs portal at ${server.url} (Ctrl-C to stop)`);
  const stop = () => {
    Promise.all([server.close(), tryIt?.close()]).then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  process.once("SIGHUP", stop);
  // As the sandbox does: a launcher (npx, npm) killed without passing a signal on must not leave it serving.
  watchParent(stop);
}
