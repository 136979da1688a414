import { cpSync, existsSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { serveFolder } from "./serve-folder.js";
import { UsageError } from "./usage-error.js";
import { watchParent } from "./watch-parent.js";

/** `chainkit docs --help`. */
export const DOCS_HELP = `Usage: chainkit docs [options]

The docs portal: every operation of every spec, the guides and a search, as static pages that
work from file:// with no request leaving the page.

Without options, prints the path of the portal's index.html to open in a browser.

Options:
  --out <dir>      copy the portal into <dir> (to publish or keep it)
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
      options: {
        out: { type: "string" },
        serve: { type: "boolean" },
        port: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    }).values;
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
  const options = readOptions(args);
  if (options.help) return console.log(DOCS_HELP);
  if (options.port !== undefined && !options.serve) throw new UsageError("--port goes with --serve");
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
  const port = options.port === undefined ? 0 : Number(options.port);
  if (!Number.isSafeInteger(port) || port < 0 || port > 65_535) {
    throw new UsageError(`--port must be a whole number from 0 to 65535, not "${options.port}"`);
  }
  const server = await serveFolder(SITE, port);
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
