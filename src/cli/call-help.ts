import { CREDENTIAL_ENV, EXCHANGE_NETWORK_ENV, urlEnvName } from "./env-names.js";
import { actionFieldsText, isSignedAction, SIGNED_FIELDS } from "./exchange-actions.js";
import {
  type CallParameter,
  type CallSurface,
  operationSummary,
  type Schema,
  surfaceNames,
} from "./surfaces.js";
import { alignColumns, alignRows, HELP_WIDTH, reflow, wrapWords } from "./text-layout.js";

const paragraph = (text: string) => wrapWords(text, HELP_WIDTH).join("\n");

/** `chainkit call --help`. */
export const CALL_HELP = [
  "Usage: chainkit call <surface> <operation|method> [options]",
  "",
  paragraph(
    "Calls one operation of a spec (any operationId of a REST surface, any method of the JSON-RPC " +
      "surface) and prints the answer. Calls go through the library's own clients: inputs are " +
      "checked against the spec and the library's rules before anything is sent, errors are the " +
      "library's, and int64 values print exactly.",
  ),
  "",
  ...alignColumns(
    [
      ["Surfaces:", surfaceNames().join(", ")],
      ["List a surface's operations:", "chainkit call <surface> --help"],
      ["List an operation's inputs:", "chainkit call <surface> <operation> --help"],
    ],
    { indent: 0 },
  ),
  "",
  "Options:",
  ...alignColumns([
    [
      "--param <name>=<value>",
      "one input by name (repeatable): a path or query parameter or a body property (REST), or a " +
        "param by its OpenRPC name (JSON-RPC); the value is read as JSON when the spec's type asks " +
        'for it (2, true, {"archive":true}), else as text. An input the spec allows one value for ' +
        '(the "type" of an exchange query or action) is filled in',
    ],
    [
      "--json-params <json>",
      "the inputs as JSON: an object of inputs by name, or for JSON-RPC also the params array; " +
        "--param values override it",
    ],
    [
      "--json",
      "print the answer as one JSON line (default: indented JSON), and a failure as one JSON line " +
        'on stderr: {"error": {"name", "message", "field", "issues", "status", ...}}',
    ],
    [
      "--reveal",
      "print secret fields (such as a node's auth_key and auth_password) in clear instead of ***; " +
        "the output then holds credentials: keep it out of logs and shared terminals",
    ],
    ["--env <file>", "read variables from <file> first (as written by chainkit sandbox --env)"],
    ["-h, --help", "show this help"],
  ]),
  "",
  paragraph(
    "Exchange actions (order, cancel, modify, ...) are checked, signed and sent by the library's " +
      `exchange client with the key in ${CREDENTIAL_ENV.exchangePrivateKey}, and refused without ` +
      "it: give the action's fields as --param action='{...}', and optionally vaultAddress and " +
      "expiresAfter; the nonce (the next one for the key) and the signature are made for you.",
  ),
  "",
  "Environment (chainkit sandbox --env writes every one of them):",
  ...alignColumns([
    ["CHAINKIT_<SURFACE>_URL", `the surface's base URL, e.g. ${urlEnvName("evm")}`],
    [CREDENTIAL_ENV.apiKey, "the platform API key (sent as Authorization: Bearer)"],
    [CREDENTIAL_ENV.nodeToken, "the node token for the EVM, wallet and indexer surfaces, or:"],
    [CREDENTIAL_ENV.username, "the node's basic-auth username, with"],
    [CREDENTIAL_ENV.password, "its password"],
    [CREDENTIAL_ENV.exchangePrivateKey, "the private key that signs exchange actions (0x and 64 hex digits)"],
    [EXCHANGE_NETWORK_ENV, "mainnet (default) or testnet: the network actions are signed for"],
  ]),
  "",
  "Examples:",
  "  chainkit call evm eth_blockNumber",
  "  chainkit call platform getOrganization",
  "  chainkit call platform getNode --param id=ND-100-000-001 --reveal",
  "  chainkit call wallet getAccount --param address=TWAFRfZFmhVQZjxM3De7Mp5UZ9sLqWqpHp",
  "  chainkit call evm eth_getBlockByNumber --json-params '[\"latest\", false]'",
  "  chainkit call exchange openOrders --param user=0x5e9ee1089755c3435139848e47e6635505d5a13a",
  `  chainkit call exchange cancel --param action='{"cancels":[{"a":0,"o":77738308}]}'`,
].join("\n");

/**
 * `chainkit call <surface> <operation> --help`: the operation's summary and its inputs, in aligned
 * columns (name; where, required or not; type), each followed by its whole description wrapped
 * between words.
 *
 * @example
 * const platform = await loadSurface("platform");
 * console.log(operationHelp(platform, "getNode", parametersOf(platform, "getNode")));
 */
export function operationHelp(
  surface: CallSurface,
  operationId: string,
  parameters: readonly CallParameter[],
): string {
  const signed = isSignedAction(surface.name, operationId);
  const summary = operationSummary(surface, operationId);
  const lines = [`Usage: chainkit call ${surface.name} ${operationId} [--param <name>=<value> ...]`, ""];
  if (summary) lines.push(...reflow(summary, HELP_WIDTH), "");
  if (parameters.length === 0) {
    lines.push("No inputs.");
    return lines.join("\n");
  }
  lines.push("Inputs:");
  const rows = alignRows(
    parameters.map((parameter) => [parameter.name, placeOf(parameter), typeText(parameter.schema)]),
  );
  // Descriptions start under the second column.
  const nameWidth = Math.max(...parameters.map((parameter) => parameter.name.length));
  const indent = " ".repeat(2 + nameWidth + 2);
  for (const [index, parameter] of parameters.entries()) {
    lines.push(...(rows[index] as string[]));
    const note = signed && SIGNED_FIELDS.includes(parameter.name) ? "(chainkit call makes it.)" : "";
    const filled = parameter.constant ? "(Filled in when not given.)" : "";
    const description = [parameter.description?.trim() ?? "", filled, note].filter(Boolean).join(" ");
    for (const line of reflow(description, HELP_WIDTH - indent.length)) {
      lines.push(line === "" ? "" : indent + line);
    }
  }
  if (signed) {
    lines.push(
      "",
      paragraph(
        `chainkit call signs this action with ${CREDENTIAL_ENV.exchangePrivateKey} (for the network in ` +
          `${EXCHANGE_NETWORK_ENV}, mainnet by default), through the library's exchange client. ` +
          `Give the action's fields as --param action='{...}': ${actionFieldsText(operationId)}.`,
      ),
    );
  }
  return lines.join("\n");
}

function placeOf(parameter: CallParameter): string {
  const where = parameter.in === "position" ? "param" : parameter.in === "whole-body" ? "body" : parameter.in;
  return `${where}, ${parameter.required ? "required" : "optional"}`;
}

/** A schema's type in a few words: its values when it lists them, else its JSON types. */
function typeText(schema: Schema): string {
  if ("const" in schema) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  if (typeof schema.type === "string") return schema.type;
  if (Array.isArray(schema.type)) return schema.type.join(" | ");
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return [...new Set(branches.map(typeText))].join(" | ");
  return "JSON";
}
