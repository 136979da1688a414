import type { FieldIssue } from "../../runtime/errors/request-validation-error.js";
import { parseJson } from "../../runtime/json/parse-json.js";
import type { RestOperationValidators, Validator } from "../../runtime/operation.js";
import { checkValue } from "../../runtime/validation/field-issues.js";
import type { ParameterSpec } from "../../sandbox/contract/bundled-spec.js";
import { coerceQuery } from "../../sandbox/contract/coerce-query.js";
import { type ReadBody, readFormBody, readMultipartBody, readTextBody } from "./non-json-body.js";
import type { RefResolver } from "./schema-sample.js";
import type { MockMedia, MockOperationSpec, MockParameter } from "./spec-document.js";

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
 * cookies converted to the types their schemas ask for; a JSON body parsed losslessly; form fields,
 * multipart parts and text read by their media type) and checks each against the spec: with the
 * operation's generated validator where it has one, by field presence and type for multipart parts,
 * and against the string schema for text.
 *
 * @param request - The request.
 * @param rawPathParams - The path parameters matched from the URL, still as text.
 * @param spec - The operation's parameters and body as the document writes them.
 * @param validators - The operation's generated validators.
 * @param resolve - Follows the document's `$ref`s (the body's schema, for bodies that are not JSON).
 * @returns The inputs, or the issues (pointers under `/path`, `/query`, `/headers`, `/cookies`, `/body`).
 */
export function checkRequest(
  request: MockRequest,
  rawPathParams: Record<string, string>,
  spec: MockOperationSpec,
  validators: RestOperationValidators,
  resolve: RefResolver,
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
  const body = readBody(request, spec, validators, resolve, issues);
  return issues.length > 0 ? { ok: false, issues } : { ok: true, pathParams, query, body };
}

/** The body, read by its media type; what is wrong with it goes into `issues`. */
function readBody(
  request: MockRequest,
  spec: MockOperationSpec,
  validators: RestOperationValidators,
  resolve: RefResolver,
  issues: FieldIssue[],
): unknown {
  const type = request.headers.get("content-type") ?? "";
  if (request.body === "") {
    if (spec.requestBody?.required)
      issues.push({ pointer: "/body", message: "is required: send a request body" });
    return undefined;
  }
  const content = spec.requestBody?.content ?? {};
  const media = mediaFor(content, type);
  const listed = Object.keys(content);
  if (type !== "" && media === undefined && listed.length > 0) {
    issues.push({
      pointer: "/body",
      message: `is sent as ${baseType(type)}, which the spec does not take here: send it as ${listed.join(" or ")} (the Content-Type header)`,
    });
    return undefined;
  }
  const base = baseType(type);
  let read: ReadBody;
  if (/json/.test(base) || (type === "" && validators.body)) {
    try {
      const body = parseJson(request.body);
      read = { body, issues: validators.body ? checkValue(validators.body, body, "/body") : [] };
    } catch (error) {
      read = {
        body: undefined,
        issues: [{ pointer: "/body", message: `is not JSON: ${(error as Error).message}` }],
      };
    }
  } else if (base === "application/x-www-form-urlencoded") {
    read = readFormBody(request.body, media?.schema, validators.body, resolve);
  } else if (base.startsWith("multipart/")) {
    read = readMultipartBody(type, request.body, media?.schema, resolve);
  } else if (base.startsWith("text/")) {
    read = readTextBody(request.body, media?.schema, resolve);
  } else read = { body: request.body, issues: [] };
  issues.push(...read.issues);
  return read.body;
}

/** The spec's media entry for a content type: the same type, else a wildcard that covers it (`text/` ones, or any type). */
function mediaFor(content: Record<string, MockMedia>, type: string): MockMedia | undefined {
  const base = baseType(type);
  const entries = Object.entries(content).map(([name, media]) => [baseType(name), media] as const);
  const [, media] =
    entries.find(([name]) => name === base) ??
    entries.find(([name]) => name.endsWith("/*") && base.startsWith(name.slice(0, -1))) ??
    entries.find(([name]) => name === "*/*") ??
    [];
  return media;
}

/** `application/json` of `application/json; charset=utf-8`, lower case. */
function baseType(type: string): string {
  return (type.split(";")[0] ?? "").trim().toLowerCase();
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
