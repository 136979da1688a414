import { parseArgs } from "node:util";
import { GRPC_PORT_OFFSET, type Sandbox, startSandbox } from "../sandbox/index.js";
import { checkLocalCallerRules, type LocalCallerRules } from "../sandbox/local-callers.js";
import { signalStopper } from "../sandbox/stop-on-signal.js";
import { type SandboxEnvFile, writeSandboxEnvFile } from "./env-file.js";
import { parseFaults } from "./faults-spec.js";
import {
  type SandboxSummary,
  sandboxEnvFile,
  sandboxJsonLine,
  sandboxText,
  summarizeSandbox,
} from "./sandbox-summary.js";
import { alignColumns, HELP_WIDTH, wrapWords } from "./text-layout.js";
import { UsageError } from "./usage-error.js";
import { watchParent } from "./watch-parent.js";

/** `chainkit sandbox --help`. */
export const SANDBOX_HELP = [
  "Usage: chainkit sandbox [options]",
  "",
  wrapWords(
    "Starts every surface of the service on 127.0.0.1 (platform, exchange, EVM on a Cancun chain, wallet, " +
      "indexer) and prints their URLs and demo credentials. Stops on Ctrl-C (SIGINT) or SIGTERM, and " +
      "when the process that started it goes away.",
    HELP_WIDTH,
  ).join("\n"),
  "",
  "Options:",
  ...alignColumns([
    [
      "--port <base>",
      "listen on fixed ports: platform <base>, exchange <base>+1, evm <base>+2, wallet <base>+3, " +
        "indexer <base>+4, grpc <base>+5 (default: free ports)",
    ],
    [
      "--seed <n>",
      "the same credentials (API key, node token, username, password, keys) and the same generated " +
        "data on every run with this seed (default: random)",
    ],
    ["--json", 'print one JSON line: {"urls", "credentials", "fixtures", "evm", "env"}'],
    [
      "--env <file>",
      "write the URLs, credentials and fixtures as CHAINKIT_* variables to <file>, whole, once every " +
        "surface listens (so the file existing means the sandbox is ready), and remove it on stop; " +
        "read it back with: chainkit call --env <file> ...",
    ],
    [
      "--faults <spec>",
      'inject faults: <surface>:<setting>=<value>,... groups joined by ";", * for every surface, ' +
        'e.g. "evm:rateLimit=0.2,latencyMs=50;*:serverError=0.05"; settings: latencyMs, rateLimit, ' +
        "retryAfterSeconds, rpcRateLimit, tryAgainIn, serverError, drop, malformed, socketDrop, " +
        "socketStall, upgradeRefuse (EVM WebSocket), seed (shares are 0 to 1); or the same as JSON",
    ],
    [
      "--block-time <ms>",
      "the EVM chain also makes a block every <ms> milliseconds, so heads arrive without sending " +
        "(default: a block per transaction only)",
    ],
    ["--node-startup-ms <ms>", "how long a created node stays pending (default 1500)"],
    [
      "--allow-host <list>",
      "answer requests addressed to these names too (comma-separated, repeatable; * for any); by " +
        "default only localhost, *.localhost and loopback addresses, so a web page cannot reach the " +
        "sandbox through a name it controls (DNS rebinding)",
    ],
    [
      "--allow-origin <list>",
      "answer these web pages too, by origin (https://app.example:3000, null for file: pages; " +
        "comma-separated, repeatable; * for any); by default a request from a page that is not " +
        "served from this machine gets 403 (scripts and SDKs send no Origin)",
    ],
    [
      "--browser-origin <list>",
      "let these pages read the answers from a browser too (CORS), by origin, e.g. a docs portal's " +
        "try-it at http://127.0.0.1:8600 (comma-separated, repeatable); chainkit docs --serve " +
        "--sandbox sets it for its own portal; no other page may read an answer",
    ],
    ["--testnet", 'accept exchange signatures for testnet (source "b") instead of mainnet'],
    ["-h, --help", "show this help"],
  ]),
].join("\n");

function readOptions(args: readonly string[]) {
  try {
    return parseArgs({
      args: [...args],
      options: {
        port: { type: "string" },
        seed: { type: "string" },
        json: { type: "boolean" },
        env: { type: "string" },
        faults: { type: "string" },
        "node-startup-ms": { type: "string" },
        "block-time": { type: "string" },
        "allow-host": { type: "string", multiple: true },
        "allow-origin": { type: "string", multiple: true },
        "browser-origin": { type: "string", multiple: true },
        testnet: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function wholeNumber(value: string | undefined, option: string, max = Number.MAX_SAFE_INTEGER) {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (value.trim() === "" || !Number.isSafeInteger(parsed) || parsed < 0 || parsed > max) {
    throw new UsageError(`--${option} must be a whole number from 0 to ${max}, not "${value}"`);
  }
  return parsed;
}

/** The allow lists of `--allow-host`, `--allow-origin` and `--browser-origin`, each repeatable and comma-separated, checked. */
function localCallerRules(
  hosts: string[] | undefined,
  origins: string[] | undefined,
  browserOrigins: string[] | undefined,
): LocalCallerRules {
  const split = (values: string[] | undefined) =>
    values
      ?.flatMap((value) => value.split(","))
      .map((value) => value.trim())
      .filter((value) => value !== "");
  try {
    return checkLocalCallerRules({
      allowedHosts: split(hosts),
      allowedOrigins: split(origins),
      browserOrigins: split(browserOrigins),
    });
  } catch (error) {
    throw new UsageError(`--allow-host/--allow-origin/--browser-origin: ${(error as Error).message}`);
  }
}

/**
 * `chainkit sandbox`: starts the sandbox, prints (or writes) what it offers, and runs until a signal
 * or the loss of its parent process stops it.
 *
 * @param args - The arguments after `sandbox`.
 * @throws {UsageError} for a wrong command line.
 * @example
 * await runSandboxCommand(["--seed", "1", "--port", "8500", "--json"]);
 */
export async function runSandboxCommand(args: readonly string[]): Promise<void> {
  const options = readOptions(args);
  if (options.help) {
    console.log(SANDBOX_HELP);
    return;
  }
  // The base must leave room for every surface, gRPC included at the highest offset.
  const ports = wholeNumber(options.port, "port", 65_535 - GRPC_PORT_OFFSET);
  const callers = localCallerRules(options["allow-host"], options["allow-origin"], options["browser-origin"]);
  const exchangeNetwork = options.testnet ? "testnet" : "mainnet";
  const blockTimeMs = wholeNumber(options["block-time"], "block-time");
  if (blockTimeMs === 0) throw new UsageError("--block-time must be at least 1 millisecond, not 0");
  const sandbox = await startSandbox({
    seed: wholeNumber(options.seed, "seed", 2 ** 32 - 1),
    ...(ports !== undefined && { ports }),
    nodeStartupMs: wholeNumber(options["node-startup-ms"], "node-startup-ms"),
    ...(blockTimeMs !== undefined && { blockTimeMs }),
    exchangeNetwork,
    ...(options.faults !== undefined && { faults: parseFaults(options.faults) }),
    ...callers,
  });

  let envFile: SandboxEnvFile | undefined;
  const close = () => {
    envFile?.remove();
    return sandbox.close();
  };
  const stop = signalStopper(close, {
    // With --json, stdout carries the one line only; the stop messages go to stderr.
    log: (line) => (options.json ? console.error(line) : console.log(line)),
    error: (line) => console.error(line),
    exit: (code) => process.exit(code),
  });
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  process.on("SIGHUP", stop);
  watchParent(() => stop("parent process gone"));

  const summary = summarizeSandbox(sandbox, { exchangeNetwork });
  // Written before the summary is printed: whoever reads either finds the sandbox ready.
  if (options.env !== undefined) envFile = await writtenEnvFile(options.env, summary, sandbox);
  console.log(options.json ? sandboxJsonLine(summary) : sandboxText(summary));
}

/** Writes the `--env` file; when that fails, stops the sandbox (nobody could reach it) and says why. */
async function writtenEnvFile(
  file: string,
  summary: SandboxSummary,
  sandbox: Sandbox,
): Promise<SandboxEnvFile> {
  try {
    return writeSandboxEnvFile(file, sandboxEnvFile(summary));
  } catch (error) {
    await sandbox.close();
    throw new Error(`--env ${file}: ${(error as Error).message}`);
  }
}
