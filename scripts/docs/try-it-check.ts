/**
 * The docs portal's try-it checks, bundled for the browser at build time (`try-it-bundle.ts`) and
 * loaded only when a reader presses Send: what was typed against the operation's request validators,
 * and the answer against its response validators. The validators are the generated modules the
 * clients load, and the wording is the runtime's, so a page says exactly what a client would.
 */
import type { FieldIssue } from "../../src/runtime/errors/request-validation-error.js";
import { selectResponse } from "../../src/runtime/http/select-response.js";
import { parseJson } from "../../src/runtime/json/parse-json.js";
import type {
  RestOperationValidators,
  RpcMethodValidators,
  SecretPaths,
  Validator,
} from "../../src/runtime/operation.js";
import { checkValue } from "../../src/runtime/validation/field-issues.js";

export { maskAnswer, maskHeaders } from "./try-it-answer-secrets.js";

/** What the page shows under an answer. */
export interface AnswerCheck {
  /** The spec's response the status falls under (`200`, `4XX`, `default`), or none. */
  response?: string;
  /** Each mismatch, by JSON pointer into the answer, in words; empty when the answer matches. */
  issues: FieldIssue[];
}

/** A request's parts as typed into the form, already read as JSON values. */
export interface RequestParts {
  path?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/**
 * Checks the parts of a REST request with the operation's request validators.
 *
 * @param module - The operation's generated module.
 * @param parts - Path and query values by name, and the body.
 * @returns Each issue, pointing under `/path`, `/query` or `/body`; empty when the request is valid.
 * @example checkRestRequest(await import("./try-it/indexer/getActions.js"), { query: { limit: 5000 } })
 */
export function checkRestRequest(module: RestOperationValidators, parts: RequestParts): FieldIssue[] {
  const checks: [Validator | undefined, unknown, string][] = [
    [module.path, parts.path ?? {}, "/path"],
    [module.query, parts.query ?? {}, "/query"],
    [module.body, parts.body, "/body"],
  ];
  return checks.flatMap(([validate, value, prefix]) =>
    validate === undefined || (prefix === "/body" && value === undefined)
      ? []
      : checkValue(validate, value, prefix),
  );
}

/**
 * Checks a REST answer as the generated client does: the response its status falls under, then
 * the body (read without losing digits) against that response's schema.
 *
 * @param module - The operation's generated module.
 * @param status - The HTTP status.
 * @param text - The body as received.
 * @returns The response matched and each mismatch.
 * @example checkRestAnswer(module, 200, '{"id":"ND-1"}')
 */
export function checkRestAnswer(module: RestOperationValidators, status: number, text: string): AnswerCheck {
  const response = selectResponse(module.responses, status);
  if (response === undefined) {
    return { issues: [{ pointer: "", message: `has status ${status}, which the spec does not describe` }] };
  }
  const validate = module.responses[response]?.validate;
  if (validate === undefined) return { response, issues: [] };
  const body = readJson(text);
  if (body === NOT_JSON) return { response, issues: [{ pointer: "", message: "is not JSON" }] };
  return { response, issues: checkValue(validate, body, "") };
}

/**
 * Where the secret fields sit in a REST answer's body: those of the response its status falls under,
 * as the generated client wraps them in `Secret`.
 *
 * @param module - The operation's generated module.
 * @param status - The HTTP status.
 * @returns Key paths into the body (`*` for any item or property); none when the spec marks none.
 * @example restAnswerSecrets(module, 200) // [["details", "auth_key"], …]
 */
export function restAnswerSecrets(module: RestOperationValidators, status: number): SecretPaths {
  const response = selectResponse(module.responses, status);
  return (response === undefined ? undefined : module.responses[response]?.secrets) ?? [];
}

/**
 * Where the secret fields sit in a JSON-RPC answer: the method's, under `result`.
 *
 * @param module - The method's generated module.
 * @returns Key paths into the whole answer.
 * @example rpcAnswerSecrets(module) // [["result", "password"]]
 */
export function rpcAnswerSecrets(module: RpcMethodValidators): SecretPaths {
  return (module.secrets ?? []).map((path) => ["result", ...path]);
}

/**
 * Checks a JSON-RPC method's params with its params validator.
 *
 * @param module - The method's generated module.
 * @param params - The params as sent (by position, or by name).
 * @returns Each issue under `/params`.
 * @example checkRpcParams(module, ["latest", false])
 */
export function checkRpcParams(module: RpcMethodValidators, params: unknown): FieldIssue[] {
  return checkValue(module.params, params, "/params");
}

/**
 * Checks a JSON-RPC answer: a result against the method's result schema (under `/result`); an error
 * object is the node's refusal, shown as it came.
 *
 * @param module - The method's generated module.
 * @param text - The body as received.
 * @returns The issues; `response` is `result` or `error`.
 * @example checkRpcAnswer(module, '{"jsonrpc":"2.0","id":1,"result":"0x3e7"}')
 */
export function checkRpcAnswer(module: RpcMethodValidators, text: string): AnswerCheck {
  const answer = readJson(text);
  if (answer === NOT_JSON) return { issues: [{ pointer: "", message: "is not JSON" }] };
  if (typeof answer !== "object" || answer === null || Array.isArray(answer)) {
    return { issues: [{ pointer: "", message: "must be a JSON-RPC answer object" }] };
  }
  if ("error" in answer) return { response: "error", issues: [] };
  if (!("result" in answer)) return { issues: [{ pointer: "/result", message: "is required" }] };
  return { response: "result", issues: checkValue(module.result, answer.result, "/result") };
}

const NOT_JSON = Symbol("not JSON");

/** The body as the runtime reads it: integers beyond 2^53 kept exact, as decimal strings. */
function readJson(text: string): unknown {
  try {
    return text.trim() === "" ? undefined : parseJson(text);
  } catch {
    return NOT_JSON;
  }
}
