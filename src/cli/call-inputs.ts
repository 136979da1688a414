/**
 * The inputs of `chainkit call`, from `--json-params` and `--param`, placed where the spec puts
 * them: path, query or body of a REST operation, or positions of a JSON-RPC method.
 */
import { parseJson } from "../runtime/json/parse-json.js";
import type { RestInput } from "../runtime/operation.js";
import { paramValue } from "./param-values.js";
import { type CallParameter, constantOf, type Schema } from "./surfaces.js";
import { UsageError } from "./usage-error.js";

/** Inputs by name, or a JSON-RPC params array given whole. */
export type NamedInputs = Map<string, unknown> | unknown[];

/** A `--param` value still as typed: read once its schema is known. */
class ParamText {
  constructor(readonly text: string) {}
}

/**
 * Reads `--json-params` (an object of inputs by name, or a JSON-RPC params array), then `--param
 * name=value` on top.
 *
 * @param json - The `--json-params` text, if given.
 * @param params - The `--param` values.
 * @returns The inputs.
 * @throws {UsageError} for JSON that does not parse or is not an object or array, a `--param`
 *   without `=`, or both a params array and `--param`.
 * @example
 * readInputs('{"page": 2}', ["status=running"]); // Map { "page" => 2, "status" => ParamText("running") }
 */
export function readInputs(json: string | undefined, params: readonly string[]): NamedInputs {
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

/**
 * Inputs by name as values, each `--param` text read by its parameter's schema.
 *
 * @throws {UsageError} for a name the operation does not have (the message lists those it has).
 */
function valuesByName(
  operationId: string,
  parameters: readonly CallParameter[],
  named: ReadonlyMap<string, unknown>,
): Map<CallParameter, unknown> {
  const values = new Map<CallParameter, unknown>();
  for (const [name, value] of named) {
    const parameter = parameters.find((candidate) => candidate.name === name);
    if (parameter === undefined) {
      const known = parameters.map((candidate) => candidate.name).join(", ") || "none";
      throw new UsageError(`${operationId} has no input "${name}"; its inputs: ${known}`);
    }
    values.set(parameter, value instanceof ParamText ? paramValue(value.text, parameter.schema) : value);
  }
  return values;
}

/**
 * A REST operation's input: each value in its place, and every input whose schema allows one value
 * filled in when not given, at the top (`type` of an `/info` query) or inside a given object (an
 * action's `type`).
 *
 * @example
 * const exchange = await loadSurface("exchange");
 * restInput("meta", parametersOf(exchange, "meta"), new Map()); // { body: { type: "meta" } }
 */
export function restInput(
  operationId: string,
  parameters: readonly CallParameter[],
  named: NamedInputs,
): RestInput {
  if (Array.isArray(named))
    throw new UsageError(`--json-params for ${operationId} must be an object of inputs by name`);
  const values = valuesByName(operationId, parameters, named);
  for (const parameter of parameters) {
    if (parameter.constant && !values.has(parameter)) values.set(parameter, parameter.constant.value);
  }
  const input: RestInput = {};
  for (const [parameter, given] of values) {
    const { name } = parameter;
    const value = withConstants(given, parameter.schema);
    if (parameter.in === "path") input.path = { ...input.path, [name]: String(value) };
    else if (parameter.in === "query") input.query = { ...input.query, [name]: value };
    else if (parameter.in === "whole-body") input.body = value;
    else input.body = { ...(input.body as object), [name]: value };
  }
  // An operation whose body is required gets `{}` rather than nothing, so validation names the missing fields.
  if (input.body === undefined && parameters.some((parameter) => parameter.in === "body")) input.body = {};
  return input;
}

/**
 * A JSON-RPC method's params array: positions by the spec's param names, or the array as given.
 * Holes before a given param stay `undefined` (sent as null), so validation names them.
 *
 * @example
 * const evm = await loadSurface("evm");
 * rpcParams("eth_getBalance", parametersOf(evm, "eth_getBalance"), readInputs(undefined, ["address=0x…"]));
 */
export function rpcParams(
  methodName: string,
  parameters: readonly CallParameter[],
  named: NamedInputs,
): unknown[] {
  if (Array.isArray(named)) return named;
  const params: unknown[] = [];
  for (const [parameter, value] of valuesByName(methodName, parameters, named)) {
    params[parameters.indexOf(parameter)] = value;
  }
  return Array.from(params);
}

/** A copy of an object whose missing properties of one allowed value are filled in, at any depth. */
function withConstants(value: unknown, schema: Schema): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value) || !schema.properties) return value;
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const [name, property] of Object.entries(schema.properties)) {
    if (copy[name] !== undefined) copy[name] = withConstants(copy[name], property);
    else {
      const constant = constantOf(property);
      if (constant !== undefined) copy[name] = constant.value;
    }
  }
  return copy;
}
