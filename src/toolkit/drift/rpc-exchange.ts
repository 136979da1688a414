import { parseJson } from "../../runtime/json/parse-json.js";
import type { RpcMethod, RpcMethodValidators } from "../../runtime/operation.js";
import { loadedValidators } from "../../runtime/validation/load-validators.js";
import type { CapturedExchange } from "./captured-exchange.js";
import { checkValueDrift } from "./check-value.js";
import type { DriftRecord } from "./drift-record.js";
import { sampleText } from "./sample-text.js";
import { isObject, type Loose, type SpecSchemas } from "./spec-schemas.js";

/** Error codes JSON-RPC 2.0 itself defines: any method may answer them. */
const STANDARD_CODES = new Set([-32700, -32600, -32601, -32602, -32603]);

/** The operations (methods) one JSON-RPC exchange carries, for the record. */
export function rpcMethodsOf(body: string): string[] {
  const calls = parsedCalls(body);
  return [...new Set(calls.flatMap((call) => (typeof call.method === "string" ? [call.method] : [])))];
}

/**
 * Checks one JSON-RPC exchange over HTTP, a single call or a batch: each call's params and, by its
 * `id`, its answer (the result with the method's generated validators and against the spec
 * document; an error's shape and whether the method lists its code). Records are keyed by method.
 * An HTTP status other than 200 is the transport's (401, 413, 429): not checked.
 */
export function checkRpcExchange(
  exchange: CapturedExchange,
  methods: Readonly<Record<string, RpcMethod>>,
  schemas: SpecSchemas,
  redact: (text: string) => string,
): DriftRecord[] {
  const records: DriftRecord[] = [];
  const calls = parsedCalls(exchange.requestBody);
  const answers = exchange.status === 200 ? parsedAnswers(exchange.responseBody) : undefined;
  for (const call of calls) {
    const name = typeof call.method === "string" ? call.method : "(no method)";
    const method = Object.hasOwn(methods, name) ? methods[name] : undefined;
    if (!method) {
      records.push({
        operation: name,
        direction: "request",
        pointer: "/method",
        rule: "unknown-method",
        message: `${name} is not a method of the spec`,
      });
      continue;
    }
    const validators = loadedValidators(method) as RpcMethodValidators;
    const params = paramList(call.params, method);
    for (const finding of checkValueDrift(validators.params, params, "/params", undefined, redact)) {
      records.push({ operation: name, direction: "request", ...finding });
    }
    if (answers === undefined || call.id === undefined) continue;
    const answer = answers.get(JSON.stringify(call.id));
    if (!answer) {
      records.push({
        operation: name,
        direction: "response",
        pointer: "/id",
        rule: "envelope",
        message: `no answer carries the call's id ${JSON.stringify(call.id)}`,
        status: exchange.status,
      });
      continue;
    }
    if ("error" in answer) {
      records.push(...errorRecords(name, answer.error, schemas, redact, exchange.status));
      continue;
    }
    const root = schemas.root({ kind: "rpc", name }, "response", ["result"]);
    for (const finding of checkValueDrift(
      validators.result,
      answer.result,
      "/result",
      root && { schemas, place: root.place },
      redact,
    )) {
      records.push({ operation: name, direction: "response", ...finding, status: exchange.status });
    }
  }
  return records;
}

/** An error answer: a JSON-RPC error object, with a code the method lists (or one JSON-RPC defines). */
function errorRecords(
  name: string,
  error: unknown,
  schemas: SpecSchemas,
  redact: (text: string) => string,
  status: number,
): DriftRecord[] {
  const base = { operation: name, direction: "response" as const, status };
  if (!isObject(error) || !Number.isInteger(error.code) || typeof error.message !== "string") {
    return [
      {
        ...base,
        pointer: "/error",
        rule: "envelope",
        message: "is not a JSON-RPC error object ({ code: integer, message: string })",
        sample: sampleText(error, false, redact),
      },
    ];
  }
  const code = error.code as number;
  if (STANDARD_CODES.has(code)) return [];
  const at = schemas.operationPointer({ kind: "rpc", name });
  const listed = at === undefined ? [] : listedCodes(schemas, at);
  if (listed.includes(code)) return [];
  return [
    {
      ...base,
      pointer: "/error/code",
      rule: "undocumented-error-code",
      message: `is ${code}, an error the spec does not list for ${name}${listed.length > 0 ? ` (it lists ${listed.join(", ")})` : ""}`,
      sample: sampleText({ code, message: error.message }, false, redact),
    },
  ];
}

function listedCodes(schemas: SpecSchemas, at: string): number[] {
  const errors = schemas.get(`${at}/errors`);
  if (!Array.isArray(errors)) return [];
  return errors.flatMap((_error, index) => {
    const code = schemas.place(`${at}/errors/${index}`)?.node.code;
    return typeof code === "number" ? [code] : [];
  });
}

/** The params as the tuple the validator checks: by position, or by name in the method's order. */
function paramList(params: unknown, method: RpcMethod): unknown[] {
  if (Array.isArray(params)) return params;
  if (!isObject(params)) return [];
  const list = (method.paramNames ?? []).map((param) => params[param]);
  while (list.length > 0 && list[list.length - 1] === undefined) list.pop();
  return list;
}

function parsedCalls(body: string): Loose[] {
  try {
    const payload = parseJson(body);
    const calls = Array.isArray(payload) ? payload : [payload];
    return calls.filter(isObject);
  } catch {
    return [];
  }
}

/** The answers of a call or batch, by the JSON text of their id. */
function parsedAnswers(body: string): Map<string, Loose> {
  const answers = new Map<string, Loose>();
  try {
    const payload = parseJson(body);
    for (const answer of Array.isArray(payload) ? payload : [payload]) {
      if (isObject(answer) && answer.id !== undefined) answers.set(JSON.stringify(answer.id), answer);
    }
  } catch {
    // Not JSON: every call then has no answer, which is recorded per call.
  }
  return answers;
}
