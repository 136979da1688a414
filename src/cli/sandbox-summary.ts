import { stringifyJson } from "../runtime/json/stringify-json.js";
import type { Sandbox } from "../sandbox/index.js";
import { EXCHANGE_NETWORK_ENV, envNameOf, urlEnvName } from "./env-names.js";

/**
 * What a running sandbox offers, as plain data: URLs, credentials in clear, fixtures, the EVM chain
 * and the environment variables that `chainkit call` reads. Built from whatever the sandbox returns,
 * so a credential or fixture added to the sandbox shows up here with no change.
 */
export interface SandboxSummary {
  urls: Record<string, string>;
  credentials: Record<string, string>;
  fixtures: Record<string, unknown>;
  evm: { chainId: number; path: string };
  env: Record<string, string>;
}

/**
 * Reads a sandbox into a {@link SandboxSummary}. The credentials are read one by one (the sandbox's
 * credentials object shows `***` when serialised whole).
 *
 * @param sandbox - The running sandbox.
 * @param options - The network its exchange takes signatures for (default `mainnet`), which
 *   `chainkit call` signs actions for.
 * @example
 * const summary = summarizeSandbox(await startSandbox({ seed: 1 }));
 * summary.env.CHAINKIT_NODE_TOKEN; // the node token
 */
export function summarizeSandbox(
  sandbox: Sandbox,
  options: { exchangeNetwork?: "mainnet" | "testnet" } = {},
): SandboxSummary {
  const urls = { ...sandbox.urls };
  const source = sandbox.credentials as unknown as Record<string, unknown>;
  const credentials = Object.fromEntries(Object.keys(source).map((key) => [key, String(source[key])]));
  const fixtures = { ...sandbox.fixtures } as Record<string, unknown>;
  const env: Record<string, string> = {};
  for (const [surface, url] of Object.entries(urls)) env[urlEnvName(surface)] = url;
  for (const [key, value] of Object.entries(credentials)) env[envNameOf(key)] = value;
  for (const [key, value] of Object.entries(fixtures)) env[envNameOf(key)] = envText(value);
  env[EXCHANGE_NETWORK_ENV] = options.exchangeNetwork ?? "mainnet";
  return { urls, credentials, fixtures, evm: { chainId: sandbox.evm.chainId, path: sandbox.evm.path }, env };
}

/** A fixture as one line: lists joined by commas, objects as JSON, bigints exact. */
function envText(value: unknown): string {
  if (Array.isArray(value) && value.every((item) => typeof item !== "object")) return value.join(",");
  if (typeof value === "object" && value !== null) return stringifyJson(value);
  return String(value);
}

/**
 * The summary as one JSON line, for scripts (`--json`).
 *
 * @example
 * const summary = summarizeSandbox(await startSandbox({ seed: 1 }));
 * const { env } = JSON.parse(sandboxJsonLine(summary));
 */
export function sandboxJsonLine(summary: SandboxSummary): string {
  return stringifyJson(summary);
}

/**
 * The summary as an env file (`--env`): `NAME=value` lines, values quoted for POSIX shells, so the
 * file works with `set -a; . ./file`, `node --env-file` and `chainkit call --env`.
 *
 * @example
 * import { writeFileSync } from "node:fs";
 * const summary = summarizeSandbox(await startSandbox({ seed: 1 }));
 * writeFileSync("sandbox.env", sandboxEnvFile(summary), { mode: 0o600 });
 */
export function sandboxEnvFile(summary: SandboxSummary): string {
  const lines = Object.entries(summary.env).map(([name, value]) => `${name}=${quoteForShell(value)}`);
  return `# chainkit sandbox: URLs, credentials and fixtures (sandbox-only values)\n${lines.join("\n")}\n`;
}

function quoteForShell(value: string): string {
  return /^[\w.:/@+,-]*$/.test(value) ? value : `'${value.replaceAll("'", "'\\''")}'`;
}

/** Each signing key and the fixture naming the account it signs for, so the printout ties them together. */
const KEY_ACCOUNTS: Readonly<Record<string, string>> = {
  exchangePrivateKey: "exchangeAddress",
  walletPrivateKey: "walletAddress",
  evmPrivateKey: "evmAddress",
};

/** The note after a key: the account it signs for. */
function keyNote(key: string, fixtures: Record<string, unknown>): string {
  const fixture = KEY_ACCOUNTS[key];
  const account = fixture === undefined ? undefined : fixtures[fixture];
  return typeof account === "string" ? `   signs for ${fixture} ${account}` : "";
}

/** The note after a list of accounts: which of them a key signs for, so a first transfer goes to another. */
function accountsNote(list: unknown, fixtures: Record<string, unknown>): string {
  if (!Array.isArray(list)) return "";
  const owned = Object.entries(KEY_ACCOUNTS).flatMap(([key, fixture]) => {
    const index = list.indexOf(fixtures[fixture]);
    return index < 0 ? [] : [`[${index}] is ${fixture}, the account of ${key}`];
  });
  return owned.length > 0 ? `   ${owned.join("; ")}` : "";
}

/**
 * The summary for a person at a terminal.
 *
 * @example
 * console.log(sandboxText(summarizeSandbox(await startSandbox())));
 */
export function sandboxText(summary: SandboxSummary): string {
  const width = Math.max(
    ...[
      ...Object.keys(summary.urls),
      ...Object.keys(summary.credentials),
      ...Object.keys(summary.fixtures),
    ].map((key) => key.length),
  );
  const row = (key: string, value: string, note = "") => `  ${key.padEnd(width)}  ${value}${note}`;
  const evmNote = `   JSON-RPC at /<nodeToken>${summary.evm.path}, chain id ${summary.evm.chainId}`;
  return [
    "chainkit sandbox running on 127.0.0.1 (these credentials exist only here)",
    "",
    ...Object.entries(summary.urls).map(([surface, url]) =>
      row(surface, url, surface === "evm" ? evmNote : ""),
    ),
    "",
    ...Object.entries(summary.credentials).map(([key, value]) =>
      row(key, value, keyNote(key, summary.fixtures)),
    ),
    "",
    ...Object.entries(summary.fixtures).map(([key, value]) =>
      row(key, displayText(value), accountsNote(value, summary.fixtures)),
    ),
    "",
    "Press Ctrl-C to stop.",
  ].join("\n");
}

function displayText(value: unknown): string {
  if (Array.isArray(value) && value.every((item) => typeof item !== "object")) return value.join(", ");
  return typeof value === "object" && value !== null ? stringifyJson(value) : String(value);
}
