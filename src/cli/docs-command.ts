import { cpSync, existsSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import type { SpecError } from "../../scripts/generate/spec-error.js";
import { serveFolder } from "./serve-folder.js";
import { UsageError } from "./usage-error.js";
import { watchParent } from "./watch-parent.js";

/** `chainkit docs --help`. */
export const DOCS_HELP = `Usage: chainkit docs [options]
       chainkit docs <spec…> --out <dir> [--versions <dir>] [--serve]

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
  if (specs.length > 0) {
    if (options.out === undefined) throw new UsageError("--out <dir> is required with specs");
    await buildTeamPortal(specs, options.out, options.versions);
    if (options.serve) await serveUntilStopped(resolve(options.out), options.port);
    return;
  }
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
  await serveUntilStopped(SITE, options.port);
}

/** Builds a team's portal from their specs, printing each spec's pages and time. */
async function buildTeamPortal(
  specs: readonly string[],
  out: string,
  versions: string | undefined,
): Promise<void> {
  // The generator and its packages load only here, as for chainkit generate.
  const [{ buildTeamSite }, { describeSpecError }] = await Promise.all([
    import("../../scripts/docs/team-site.js"),
    import("../../scripts/generate/source-position.js"),
  ]).catch((error: unknown) => {
    throw new Error(
      `the generator's packages are missing (${error instanceof Error ? error.message : error}); run: npm install -D ts-morph openapi-typescript yaml @redocly/openapi-core`,
    );
  });
  const started = performance.now();
  const result = await buildTeamSite(specs, out, (line) => console.error(`note: ${line}`), versions).catch(
    async (error: unknown) => {
      // A spec's fault is said with its place and fix, never as a stack trace.
      if (error instanceof Error && error.name === "SpecError") {
        const spec = (error as SpecError).file;
        throw new Error(await describeSpecError(error as SpecError, spec));
      }
      throw error;
    },
  );
  for (const spec of result.specs) {
    console.log(
      `${spec.path}: ${spec.pages} reference page${spec.pages === 1 ? "" : "s"} in ${spec.milliseconds} ms`,
    );
  }
  console.log(
    `docs portal: ${result.files.length} files in ${Math.round(performance.now() - started)} ms; open ${resolve(out, "index.html")}`,
  );
}

/** Serves a portal folder on loopback until a signal or the loss of the parent process. */
async function serveUntilStopped(folder: string, portOption: string | undefined): Promise<void> {
  const port = portOption === undefined ? 0 : Number(portOption);
  if (!Number.isSafeInteger(port) || port < 0 || port > 65_535) {
    throw new UsageError(`--port must be a whole number from 0 to 65535, not "${portOption}"`);
  }
  const server = await serveFolder(folder, port);
  console.log(`docs portal at ${server.url} (Ctrl-C to stop)`);
  const stop = () => {
    server.close().then(
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
