import type { FieldIssue } from "../../runtime/errors/request-validation-error.js";
import { parseJson } from "../../runtime/json/parse-json.js";
import type { RestOperationValidators, Validator } from "../../runtime/operation.js";
import { checkValue } from "../../runtime/validation/field-issues.js";
import type { ParameterSpec } from "../../sandbox/contract/bundled-spec.js";
import { coerceQuery } from "../../sandbox/contract/coerce-query.js";
import type { MockOperationSpec, MockParameter } from "./spec-document.js";

/** A request as the mock reads it. */
export interface MockRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
}

/** A request read and checked: its inputs, or what is wrong with it. */
export type CheckedRequest =
  | { ok: true; pathParams: Record<string, unknown>; query: Record<string, unknown>; body: unknown }
  | { ok: false; issues: FieldIssue[] };

/**
 * Reads a request's inputs the way a generated client writes them (path, query, headers and
 * cookies converted to the types their schemas ask for; a JSON body parsed losslessly) and checks
 * each with the operation's generated validator.
 *
 * @param request - The request.
 * @param rawPathParams - The path parameters matched from the URL, still as text.
 * @param spec - The operation's parameters and body as the document writes them.
 * @param validators - The operation's generated validators.
 * @returns The inputs, or the issues (pointers under `/path`, `/query`, `/headers`, `/cookies`, `/body`).
 */
export function checkRequest(
  request: MockRequest,
  rawPathParams: Record<string, string>,
  spec: MockOperationSpec,
  validators: RestOperationValidators,
): CheckedRequest {
  const issues: FieldIssue[] = [];
  const check = (validate: Validator | undefined, value: unknown, prefix: string) => {
    if (validate) issues.push(...checkValue(validate, value, prefix));
  };
  const pathParams = converted(new URLSearchParams(rawPathParams), spec.parameters, "path");
  check(validators.path, pathParams, "/path");
  const query = converted(request.url.searchParams, spec.parameters, "query");
  check(validators.query, query, "/query");
  if (validators.headers) {
    const headers = new URLSearchParams();
    for (const parameter of spec.parameters.filter((one) => one.in === "header")) {
      const value = request.headers.get(parameter.name);
      if (value !== null) headers.set(parameter.name, value);
    }
    check(validators.headers, converted(headers, spec.parameters, "header"), "/headers");
  }
  if (validators.cookies) {
    const cookies = new URLSearchParams((request.headers.get("cookie") ?? "").replace(/;\s*/g, "&"));
    check(validators.cookies, converted(cookies, spec.parameters, "cookie"), "/cookies");
  }
  let body: unknown;
  const type = request.headers.get("content-type") ?? "";
  if (request.body === "") {
    if (spec.requestBody?.required)
      issues.push({ pointer: "/body", message: "is required: send a request body" });
  } else if (/json/i.test(type) || (type === "" && validators.body)) {
    try {
      body = parseJson(request.body);
      check(validators.body, body, "/body");
    } catch (error) {
      issues.push({ pointer: "/body", message: `is not JSON: ${(error as Error).message}` });
    }
  } else if (/application\/x-www-form-urlencoded/i.test(type)) {
    body = Object.fromEntries(new URLSearchParams(request.body));
  } else body = request.body;
  return issues.length > 0 ? { ok: false, issues } : { ok: true, pathParams, query, body };
}

/** The parameters of one location, each converted to the type its schema asks for. */
function converted(
  values: URLSearchParams,
  parameters: readonly MockParameter[],
  location: MockParameter["in"],
): Record<string, unknown> {
  // The sandbox's query reading converts by schema; the same rule serves every location.
  const asQuery = parameters
    .filter((parameter) => parameter.in === location)
    .map((parameter) => ({ ...parameter, in: "query" }) as ParameterSpec);
  return coerceQuery(values, asQuery);
}
