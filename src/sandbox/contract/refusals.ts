/**
 * How each REST surface refuses a request, in the real service's own form (FACTS.md): a request the
 * spec refuses, and one that reaches no operation.
 */
import type { FieldIssue } from "../../runtime/errors/request-validation-error.js";
import type { DescribedIssue } from "../../runtime/validation/field-issues.js";
import type { SandboxResponse, SurfaceName } from "../surface.js";

/** The REST surfaces (the EVM speaks JSON-RPC, see `RpcContract`). */
export type RestSurfaceName = Exclude<SurfaceName, "evm">;

/** The part of the request a refusal is about. */
export type RequestPart = "path" | "query" | "body" | "json";

/** Where an issue's pointer lands in a flat field map: `/body/configuration/archive` -> `configuration.archive`. */
function fieldName(pointer: string): string {
  const parts = pointer.split("/").slice(2);
  return parts.length > 0 ? parts.join(".").replace(/~1/g, "/").replace(/~0/g, "~") : "non_field_errors";
}

/**
 * The real service's answer to a bad request, per surface (FACTS.md): platform 400 with per-field
 * messages, exchange 422 plain text, wallet HTTP 200 with `{Error}`, indexer 422 `{error, code}`.
 *
 * @param surface - The surface refusing.
 * @param part - `json` when the body is not JSON at all, else the part that failed validation.
 * @param issues - What is wrong (for `json`, one issue carrying the parser's message).
 * @param query - The coerced query, to quote the refused value where the real service does.
 * @param body - The parsed body, likewise.
 * @returns The refusal.
 * @example
 * refusal("indexer", "query", [{ pointer: "/query/limit", message: "must be <= 1000" }], { limit: 2000 });
 * // { status: 422, body: { error: "limit is not allowed: 2000 > 1000", code: 422 } }
 */
export function refusal(
  surface: RestSurfaceName,
  part: RequestPart,
  issues: readonly (FieldIssue | DescribedIssue)[],
  query: Record<string, unknown> = {},
  body: unknown = undefined,
): SandboxResponse {
  const first = issues[0] ?? { pointer: "", message: "is invalid" };
  const summary = `${first.pointer || "(root)"} ${first.message}`;
  switch (surface) {
    case "platform": {
      if (part === "json") {
        return {
          status: 400,
          body: { error: { code: "parse_error", message: `JSON parse error - ${first.message}` } },
        };
      }
      // A Map, so a field named `__proto__`, `constructor` or `toString` is a field like any other.
      const fields = new Map<string, string[]>();
      for (const issue of platformIssues(issues, part === "query" ? query : body)) {
        const name = fieldName(issue.pointer);
        const messages = fields.get(name) ?? [];
        // A value can break two rules the platform words alike (an unknown region is also one its provider lacks).
        if (!messages.includes(issue.message)) fields.set(name, [...messages, issue.message]);
      }
      return {
        status: 400,
        body: { error: { code: "validation_error", message: "Invalid input.", fields: asRecord(fields) } },
      };
    }
    case "exchange":
      return { status: 422, body: `Failed to deserialize the JSON body into the target type: ${summary}` };
    case "wallet":
      return {
        status: 200,
        body: {
          Error:
            part === "json"
              ? `class org.tron.json.JSONException : ${first.message}`
              : `class java.lang.IllegalArgumentException : ${summary}`,
        },
      };
    case "indexer": {
      const name = fieldName(first.pointer);
      let message = `${name}: ${first.message}`;
      if (name === "limit" && typeof query.limit === "number" && query.limit > 1000) {
        message = `limit is not allowed: ${query.limit} > 1000`;
      } else if (name === "sort") {
        message = "wrong value for sort parameter";
      }
      return { status: 422, body: { error: message, code: 422 } };
    }
  }
}

/** A Map as a plain object whose own keys are the Map's, `__proto__` included. */
function asRecord(map: ReadonlyMap<string, string[]>): Record<string, string[]> {
  const record: Record<string, string[]> = {};
  for (const [key, value] of map) {
    Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return record;
}

/** Keywords whose issue the platform (Django REST framework) words as a refused choice. */
const CHOICE_KEYWORDS = new Set(["enum", "x-rule"]);

/**
 * Issues worded as the platform (Django REST framework) words them: a refused choice of a
 * top-level field (an enum, or a region its provider does not serve) quotes the value.
 */
function platformIssues(issues: readonly (FieldIssue | DescribedIssue)[], values: unknown): FieldIssue[] {
  return issues.map((issue) => {
    const name = issue.pointer.split("/")[2];
    const value =
      name !== undefined && values !== null && typeof values === "object" && Object.hasOwn(values, name)
        ? (values as Record<string, unknown>)[name]
        : undefined;
    const choice = "keyword" in issue && CHOICE_KEYWORDS.has(issue.keyword);
    if (issue.pointer.split("/").length === 3 && typeof value === "string" && choice) {
      return { pointer: issue.pointer, message: `"${value}" is not a valid choice.` };
    }
    return { pointer: issue.pointer, message: issue.message };
  });
}

/** What each surface serves, and the paths that are its own: a path outside them was meant for another. */
const SURFACE_PATHS: Record<RestSurfaceName, { label: string; prefixes: readonly string[] }> = {
  platform: { label: "platform API (/v1/…, /v2/…)", prefixes: ["/v1/", "/v2/"] },
  exchange: { label: "exchange API (POST /info, /exchange)", prefixes: ["/info", "/exchange", "/ws"] },
  wallet: {
    label: "TRON wallet node (/wallet/…, /walletsolidity/…)",
    prefixes: ["/wallet/", "/walletsolidity/"],
  },
  indexer: { label: "TON indexer (/api/v3/…)", prefixes: ["/api/v3/"] },
};

/**
 * For a path another surface serves, a sentence naming the surface this port is: a client pointed
 * at the wrong one of the sandbox's URLs then learns which URL it was given, not only "Not found".
 */
function foreignPathNote(surface: RestSurfaceName, path: string): string {
  const { label, prefixes } = SURFACE_PATHS[surface];
  if (prefixes.some((prefix) => path.startsWith(prefix))) return "";
  return ` (this URL is the sandbox's ${label}, not the surface this path belongs to: give the client that surface's URL from sandbox.urls)`;
}

/**
 * The surface's answer to a request that reaches no operation: 405 when another method serves the
 * path, else 404.
 *
 * @param surface - The surface answering.
 * @param method - The request's method.
 * @param path - The request's path.
 * @param allowed - Whether another method serves this path.
 * @returns The answer.
 * @example
 * notFound("indexer", "GET", "/api/v3/nothing", false); // { status: 404, body: { error: "Not found. GET /api/v3/nothing", code: 404 } }
 */
export function notFound(
  surface: RestSurfaceName,
  method: string,
  path: string,
  allowed: boolean,
): SandboxResponse {
  const status = allowed ? 405 : 404;
  const message = allowed ? `Method "${method}" not allowed.` : "Not found.";
  const note = allowed ? "" : foreignPathNote(surface, path);
  if (surface === "platform") {
    return {
      status,
      body: { error: { code: allowed ? "method_not_allowed" : "not_found", message: `${message}${note}` } },
    };
  }
  if (surface === "exchange") return { status, body: `${message} ${method} ${path}${note}` };
  return { status, body: { error: `${message} ${method} ${path}${note}`, code: status } };
}
