import { parseArgs } from "node:util";
import { type Auth, bearerAuth, noAuth, nodeAuth } from "../runtime/credentials/auth.js";
import { parseJson } from "../runtime/json/parse-json.js";
import { stringifyJson } from "../runtime/json/stringify-json.js";
import { createJsonRpcClient } from "../runtime/json-rpc/create-json-rpc-client.js";
import type { RestInput, RestOperation, RpcMethod } from "../runtime/operation.js";
import { createRestCaller } from "../runtime/rest/create-rest-caller.js";
import { CREDENTIAL_ENV, urlEnvName } from "./env-names.js";
import { paramValue } from "./param-values.js";
import {
  type CallParameter,
  type CallSurface,
  loadSurface,
  operationList,
  parametersOf,
  surfaceNames,
} from "./surfaces.js";
import { UsageError } from "./usage-error.js";

/** `chainkit call --help`. */
export const CALL_HELP = `Usage: chainkit call <surface> <operation|method> [options]

Calls one operation of a spec (any operationId of a REST surface, any method of the JSON-RPC
surface) and prints the answer. Inputs are checked against the spec before anything is sent, with
the same errors as the library; int64 values print exactly.

Surfaces: ${surfaceNames().join(", ")}
List a surface's operations:      chainkit call <surface> --help
List an operation's parameters:   chainkit call <surface> <operation> --help

Options:
  --param <name>=<value>   one input by name (repeatable): a path or query parameter or a body
                           property (REST), or a param by its OpenRPC name (JSON-RPC); the value is
                           read as JSON when the spec's type asks for it (2, true, {"archive":true}),
                           else as text
  --json-params <json>     the inputs as JSON: an object of inputs by name, or for JSON-RPC also the
                           params array; --param values override it
  --json                   print the answer as one JSON line (default: indented JSON)
  --env <file>             read variables from <file> first (as written by chainkit sandbox --env)
  -h, --help               show this help

Environment (chainkit sandbox --env writes every one of them):
  CHAINKIT_<SURFACE>_URL   the surface's base URL, e.g. ${urlEnvName("platform")}, ${urlEnvName("evm")}
  ${CREDENTIAL_ENV.apiKey.padEnd(23)} the platform API key (sent as Authorization: Bearer)
  ${CREDENTIAL_ENV.nodeToken.padEnd(23)} the node token for the EVM, wallet and indexer surfaces, or:
  ${CREDENTIAL_ENV.username.padEnd(23)} the node's basic-auth username, with
  ${CREDENTIAL_ENV.password.padEnd(23)} its password

Examples:
  chainkit call evm eth_blockNumber
  chainkit call platform getOrganization
  chainkit call platform listNodes --param status=running
  chainkit call wallet getAssetIssueListByName --param value=SEED --param visible=true
  chainkit call evm eth_getBlockByNumber --json-params '["latest", false]'`;

function readOptions(args: readonly string[]) {
  try {
    return parseArgs({
      args: [...args],
      allowPositionals: true,
      options: {
        param: { type: "string", multiple: true },
        "json-params": { type: "string" },
        json: { type: "boolean" },
        env: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/**
 * `chainkit call`: one operation of one surface, from the shell.
 *
 * @param args - The arguments after `call`.
 * @throws {UsageError} for a wrong command line, an unknown surface, operation or parameter, or a
 *   missing URL or credential variable.
 * @throws {ChainkitError} as the library throws it: `RequestValidationError` before sending,
 *   `HttpError`, `JsonRpcError` and the others after.
 * @example
 * await runCallCommand(["platform", "getOrganization", "--json"]);
 */
export async function runCallCommand(args: readonly string[]): Promise<void> {
  const { values: options, positionals } = readOptions(args);
  if (options.env !== undefined) loadEnvFile(options.env);
  const [surfaceName, operationId, extra] = positionals;
  if (surfaceName === undefined) {
    if (options.help) return console.log(CALL_HELP);
    throw new UsageError("name a surface and an operation, e.g. chainkit call evm eth_blockNumber");
  }
  if (extra !== undefined)
    throw new UsageError(`unexpected argument "${extra}" (inputs go in --param name=value)`);
  const surface = await loadSurface(surfaceName);
  if (operationId === undefined) {
    if (options.help)
      return console.log(`Operations of ${surface.name} (${surface.title}):\n${operationList(surface)}`);
    throw new UsageError(`name an operation of ${surface.name}:\n${operationList(surface)}`);
  }
  if (!Object.hasOwn(surface.operations, operationId)) {
    throw new UsageError(
      `${surface.name} has no operation "${operationId}"; it has:\n${operationList(surface)}`,
    );
  }
  const parameters = parametersOf(surface, operationId);
  if (options.help) return console.log(parameterHelp(surface, operationId, parameters));

  const named = namedInputs(options["json-params"], options.param ?? []);
  const result =
    surface.kind === "rpc"
      ? await callRpc(surface, surface.operations[operationId] as RpcMethod, parameters, named)
      : await callRest(surface, surface.operations[operationId] as RestOperation, parameters, named);
  console.log(printed(result, options.json === true));
}

function loadEnvFile(file: string): void {
  try {
    process.loadEnvFile(file);
  } catch (error) {
    throw new UsageError(`--env ${file}: ${(error as Error).message}`);
  }
}

/** Inputs by name (or a JSON-RPC params array) from `--json-params`, then `--param` on top. */
function namedInputs(json: string | undefined, params: readonly string[]): Map<string, unknown> | unknown[] {
  let base: unknown = {};
  if (json !== undefined) {
    try {
      base = parseJson(json, { bigint: true });
    } catch (error) {
      throw new UsageError(`--json-params is not valid JSON: ${(error as Error).message}`);
    }
    if (base === null || typeof base !== "object") {
      throw new UsageError(
        "--json-params must be a JSON object of inputs by name (or a JSON-RPC params array)",
      );
    }
  }
  const texts = new Map<string, string>();
  for (const param of params) {
    const equals = param.indexOf("=");
    if (equals <= 0) throw new UsageError(`--param "${param}" must read <name>=<value>`);
    texts.set(param.slice(0, equals), param.slice(equals + 1));
  }
  if (Array.isArray(base)) {
    if (texts.size > 0)
      throw new UsageError("give JSON-RPC params either as a --json-params array or as --param, not both");
    return base;
  }
  const named = new Map<string, unknown>(Object.entries(base as Record<string, unknown>));
  for (const [name, text] of texts) named.set(name, new ParamText(text));
  return named;
}

/** A `--param` value still as typed: read once its schema is known. */
class ParamText {
  constructor(readonly text: string) {}
}

function valueFor(parameter: CallParameter, value: unknown): unknown {
  return value instanceof ParamText ? paramValue(value.text, parameter.schema) : value;
}

function unknownInput(name: string, operationId: string, parameters: readonly CallParameter[]): UsageError {
  const known = parameters.map((parameter) => parameter.name).join(", ") || "none";
  return new UsageError(`${operationId} has no input "${name}"; its inputs: ${known}`);
}

async function callRest(
  surface: CallSurface,
  operation: RestOperation,
  parameters: readonly CallParameter[],
  named: Map<string, unknown> | unknown[],
): Promise<unknown> {
  if (Array.isArray(named))
    throw new UsageError(`--json-params for ${operation.id} must be an object of inputs by name`);
  const input: RestInput = {};
  for (const [name, value] of named) {
    const parameter = parameters.find((candidate) => candidate.name === name);
    if (parameter === undefined) throw unknownInput(name, operation.id, parameters);
    const read = valueFor(parameter, value);
    if (parameter.in === "path") input.path = { ...input.path, [name]: String(read) };
    else if (parameter.in === "query") input.query = { ...input.query, [name]: read };
    else if (parameter.in === "whole-body") input.body = read;
    else input.body = { ...(input.body as object), [name]: read };
  }
  // An operation whose body is required gets `{}` rather than nothing, so validation names the missing fields.
  if (input.body === undefined && parameters.some((parameter) => parameter.in === "body")) input.body = {};
  const caller = createRestCaller({ baseUrl: surfaceUrl(surface), auth: surfaceAuth(surface) });
  return caller.call(operation, input);
}

async function callRpc(
  surface: CallSurface & { kind: "rpc" },
  method: RpcMethod,
  parameters: readonly CallParameter[],
  named: Map<string, unknown> | unknown[],
): Promise<unknown> {
  let params: unknown[];
  if (Array.isArray(named)) params = named;
  else {
    params = [];
    for (const [name, value] of named) {
      const index = parameters.findIndex((candidate) => candidate.name === name);
      if (index === -1) throw unknownInput(name, method.name, parameters);
      params[index] = valueFor(parameters[index] as CallParameter, value);
    }
    // Holes before a given param stay `undefined` (sent as null), so validation names them.
    params = Array.from(params);
  }
  const client = createJsonRpcClient({
    url: surfaceUrl(surface),
    path: surface.path,
    auth: surfaceAuth(surface),
    batch: false,
  });
  return client.call(method, params);
}

function surfaceUrl(surface: CallSurface): string {
  const name = urlEnvName(surface.name);
  const url = process.env[name];
  if (url === undefined || url === "") {
    throw new UsageError(
      `set ${name} to the ${surface.name} base URL (chainkit sandbox --env <file> writes it)`,
    );
  }
  return url;
}

function surfaceAuth(surface: CallSurface): Auth {
  const env = process.env;
  if (surface.auth === "bearer") {
    const key = env[CREDENTIAL_ENV.apiKey];
    if (!key) throw new UsageError(`set ${CREDENTIAL_ENV.apiKey} to the API key of ${surface.name}`);
    return bearerAuth(key);
  }
  if (surface.auth === "node") {
    const token = env[CREDENTIAL_ENV.nodeToken];
    if (token) return nodeAuth({ token });
    const username = env[CREDENTIAL_ENV.username];
    const password = env[CREDENTIAL_ENV.password];
    if (username && password) return nodeAuth({ username, password });
    throw new UsageError(
      `set ${CREDENTIAL_ENV.nodeToken} (or ${CREDENTIAL_ENV.username} and ${CREDENTIAL_ENV.password}) to call ${surface.name}`,
    );
  }
  return noAuth();
}

function parameterHelp(
  surface: CallSurface,
  operationId: string,
  parameters: readonly CallParameter[],
): string {
  const lines = parameters.map((parameter) => {
    const where =
      parameter.in === "position" ? "param" : parameter.in === "whole-body" ? "body" : parameter.in;
    const required = parameter.required ? "required" : "optional";
    const summary = parameter.description?.split("\n")[0] ?? "";
    return `  ${parameter.name}  (${where}, ${required}, ${typeText(parameter)})  ${summary}`.trimEnd();
  });
  return [
    `chainkit call ${surface.name} ${operationId} [--param <name>=<value> ...]`,
    "",
    lines.length > 0 ? "Inputs:" : "No inputs.",
    ...lines,
  ].join("\n");
}

function typeText(parameter: CallParameter): string {
  const { schema } = parameter;
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  if (typeof schema.type === "string") return schema.type;
  if (Array.isArray(schema.type)) return schema.type.join(" | ");
  return "JSON";
}

/** The answer as JSON (bigints exact): indented for people, one line with `--json`. */
function printed(result: unknown, oneLine: boolean): string {
  if (result === undefined) return oneLine ? "null" : "(no content)";
  return oneLine ? stringifyJson(result) : stringifyJson(result, 2);
}
