import { revealSecrets } from "../credentials/wrap-secrets.js";
import type { FieldIssue } from "../errors/request-validation-error.js";
import { RequestValidationError } from "../errors/request-validation-error.js";
import { cookieHeader, headerValue } from "../http/parameter-styles.js";
import { fillPath } from "../http/path-template.js";
import { toQueryString } from "../http/query-string.js";
import type { RequestBody } from "../http/send-request.js";
import { loneSurrogateIssues } from "../json/lone-surrogates.js";
import { stringifyJson } from "../json/stringify-json.js";
import { unsafeIntegerIssues } from "../json/unsafe-integers.js";
import { wireValue } from "../json/wire-value.js";
import type { ParameterStyle, RestInput, RestOperation, RestOperationValidators } from "../operation.js";
import { type FailedCheck, failedCheck } from "../validation/failed-check.js";

/** A checked REST request, ready to send. */
export interface PreparedRest {
  /** Path with parameters filled in, plus the query string. */
  pathAndQuery: string;
  /** The JSON body text, or the body in the operation's other media type, when the call has a body. */
  body: RequestBody | undefined;
  /** Header and cookie parameters as headers, when the call has any. */
  headers?: Record<string, string>;
  failed?: undefined;
}

/** A REST request the spec refuses: what failed, to be worded into a `RequestValidationError`. */
export interface RefusedRest {
  failed: FailedCheck[];
}

/**
 * Checks a REST call's path parameters, query and body against the operation's validators and builds
 * what goes on the wire. Query and body are checked in their wire form (as the server will read them,
 * bigints as exact integers, a `Secret` at a field the spec marks secret as its value), so what
 * passes is what is sent; each wide integer field is held to its own format's range there (2^64
 * in an `int64` field is refused, 2^100 in a `uint120` one is not).
 *
 * @param operation - The operation descriptor.
 * @param validators - Its loaded module (see `loadValidators`): validators, and where secrets sit in the request.
 * @param input - Path parameters, query and body.
 * @returns The path with query string, and the body text; or, when the spec refuses the call, every
 *   failed check (path, query, body), which `wordFailedChecks` turns into issues by pointer
 *   (`/path/id`, `/query/limit`, `/body/region`) for a `RequestValidationError`.
 * @throws {RequestValidationError} for text that is not valid Unicode (a lone UTF-16 surrogate, which
 *   no URL or UTF-8 body can carry) in a path parameter, the query or the body, or for an integer
 *   number too large to be exact.
 * @example
 * const getNode = platformOperations.getNode;
 * prepareRest(getNode, await loadValidators(getNode), { path: { id: "ND-1" } }); // { pathAndQuery: "/v1/nodes/ND-1/", body: undefined }
 */
export function prepareRest(
  operation: RestOperation,
  validators: RestOperationValidators,
  input: RestInput,
): PreparedRest | RefusedRest {
  // The spec's secret fields are those of the body, or of the query when there is no body.
  const secrets = validators.requestSecrets;
  const sentBody = secrets && input.body !== undefined ? revealSecrets(input.body, secrets) : input.body;
  const query = secrets && input.body === undefined ? revealSecrets(input.query, secrets) : input.query;
  const failed: (FailedCheck | undefined)[] = [];
  // A bigint (an int64 id read from an earlier answer) is checked as the integer the URL carries.
  if (validators.path) failed.push(failedCheck(validators.path, wireValue(input.path ?? {}), "/path"));
  if (validators.query) failed.push(failedCheck(validators.query, wireValue(query ?? {}), "/query"));
  if (validators.headers)
    failed.push(failedCheck(validators.headers, wireValue(input.headers ?? {}), "/headers"));
  if (validators.cookies)
    failed.push(failedCheck(validators.cookies, wireValue(input.cookies ?? {}), "/cookies"));
  const media = operation.requestMedia;
  const body = sentBody === undefined || media !== undefined ? undefined : stringifyJson(sentBody);
  if (validators.body) {
    const wire =
      sentBody === undefined
        ? undefined
        : media !== undefined
          ? wireValue(sentBody)
          : wireValue(sentBody, body);
    failed.push(failedCheck(validators.body, wire, "/body"));
  }
  const refused = failed.filter((check) => check !== undefined);
  if (refused.length > 0) return { failed: refused };
  // Beyond the spec: text that is not valid Unicode, and integers a number cannot hold exactly.
  // JSON.stringify writes a lone surrogate as the escape `\udxxx` (and nothing else that way), so
  // only a body whose text has one is walked for it.
  const issues: FieldIssue[] = [
    ...loneSurrogateIssues(query, "/query"),
    ...(body?.includes("\\ud") ? loneSurrogateIssues(sentBody, "/body") : []),
    ...unsafeIntegerIssues(input.query, "/query"),
    ...unsafeIntegerIssues(input.body, "/body"),
  ];
  if (issues.length > 0) throw new RequestValidationError(operation.id, issues);
  // A `#fragment` in a spec path names one of several operations sharing a URL (`/exchange#order`);
  // it is never sent, so it is left out here and callers and fetch wrappers see the URL on the wire.
  const { styles } = operation;
  const path = fillPath(operation.id, operation.path, input.path, styles?.path).replace(/#.*$/, "");
  const pathAndQuery =
    path + (operation.querystring === "json" ? jsonQuery(query) : toQueryString(query, styles?.query));
  const sent = media === undefined || sentBody === undefined ? body : bodyInMedia(media, sentBody);
  if (input.headers === undefined && input.cookies === undefined) return { pathAndQuery, body: sent };
  return { pathAndQuery, body: sent, headers: parameterHeaders(input, styles?.header) };
}

/** An `in: querystring` query of a JSON media type (OpenAPI 3.2): `?` and its JSON text, percent-encoded. */
function jsonQuery(query: Record<string, unknown> | undefined): string {
  return query === undefined ? "" : `?${encodeURIComponent(stringifyJson(query))}`;
}

/** A non-JSON body as fetch sends it: form fields encoded, everything else (FormData, bytes, text) as given. */
function bodyInMedia(media: string, body: unknown): RequestBody {
  if (media.startsWith("application/x-www-form-urlencoded") && !(body instanceof URLSearchParams)) {
    const fields = new URLSearchParams();
    for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
      for (const item of Array.isArray(value) ? value : [value]) {
        if (item !== undefined && item !== null)
          fields.append(name, typeof item === "object" ? stringifyJson(item) : String(item));
      }
    }
    return fields;
  }
  return body as RequestBody;
}

/** Header parameters, and cookie parameters as one `Cookie` header. */
function parameterHeaders(
  input: RestInput,
  styles: Readonly<Record<string, ParameterStyle>> | undefined,
): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.headers ?? {})) {
    if (value !== undefined && value !== null)
      headers[name.toLowerCase()] = headerValue(value, styles?.[name]);
  }
  const cookie = cookieHeader(input.cookies ?? {});
  if (cookie !== "") headers.cookie = cookie;
  return headers;
}
