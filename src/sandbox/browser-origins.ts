import type { IncomingHttpHeaders } from "node:http";

/**
 * Which web pages may read the answers of a local server (the sandbox, `chainkit mock`) from a
 * browser: the docs portal's try-it sends requests with `fetch`, and a browser shows the page an
 * answer from another origin only when the answer names the page's origin
 * (`Access-Control-Allow-Origin`), after asking first (a preflight `OPTIONS`) for anything beyond a
 * plain form post. Only the origins listed get those headers, so any other page, even one served from
 * this machine, still cannot read an answer or send credentials in a header.
 */

/** Headers a listed page may send: the credentials, the body's type and Prism's answer picker. */
const ALLOWED_HEADERS = "authorization, content-type, accept, prefer";

const ALLOWED_METHODS = "GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS";

/** How long a browser may keep a preflight's answer, in seconds. */
const PREFLIGHT_MAX_AGE = "600";

/**
 * Checks the origins given for browser pages before a server starts.
 *
 * @param origins - Origins as `scheme://host[:port]` (a trailing slash is dropped).
 * @returns Them as browsers write them in `Origin`.
 * @throws {Error} naming the first entry that is not an http(s) origin, and what to write instead; `*`
 * and `null` are refused, since an answer any page may read would hand the demo credentials' power to
 * every site.
 * @example
 * checkBrowserOrigins(["http://127.0.0.1:8600/"]); // ["http://127.0.0.1:8600"]
 */
export function checkBrowserOrigins(origins: readonly string[]): string[] {
  return origins.map((origin) => {
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      // Reported below.
    }
    if (parsed === undefined || !/^https?:$/.test(parsed.protocol) || parsed.origin === "null") {
      throw new Error(
        `browser origin "${origin}" must be the http(s) origin of the page that sends requests, such as http://127.0.0.1:8600 (not * or null: name the page)`,
      );
    }
    return parsed.origin;
  });
}

/**
 * The headers that let the page read this answer, when its `Origin` is listed; none otherwise.
 *
 * @param headers - The request's headers.
 * @param origins - Listed origins (from {@link checkBrowserOrigins}).
 * @returns Headers to add to the answer.
 * @example
 * browserReadHeaders({ origin: "http://127.0.0.1:8600" }, ["http://127.0.0.1:8600"]);
 * // { "access-control-allow-origin": "http://127.0.0.1:8600", vary: "Origin" }
 */
export function browserReadHeaders(
  headers: IncomingHttpHeaders,
  origins: readonly string[] | undefined,
): Record<string, string> {
  const { origin } = headers;
  // Answers differ by Origin once any is listed, so caches must keep them apart.
  if (origins === undefined || origins.length === 0) return {};
  if (origin === undefined || !origins.includes(origin)) return { vary: "Origin" };
  return { "access-control-allow-origin": origin, vary: "Origin" };
}

/**
 * The answer to a browser's preflight from a listed page (`OPTIONS` with
 * `Access-Control-Request-Method`), or `undefined` for any other request, which the server then
 * handles as usual (a preflight from another page gets no permission and the browser sends nothing).
 *
 * @param method - The request's method.
 * @param headers - The request's headers.
 * @param origins - Listed origins (from {@link checkBrowserOrigins}).
 * @returns Status 204 and its headers, or `undefined`.
 * @example
 * preflightAnswer("OPTIONS", { origin: "http://127.0.0.1:8600", "access-control-request-method": "POST" }, ["http://127.0.0.1:8600"]);
 */
export function preflightAnswer(
  method: string | undefined,
  headers: IncomingHttpHeaders,
  origins: readonly string[] | undefined,
): { status: 204; headers: Record<string, string> } | undefined {
  if (method !== "OPTIONS" || headers["access-control-request-method"] === undefined) return undefined;
  const read = browserReadHeaders(headers, origins);
  if (read["access-control-allow-origin"] === undefined) return undefined;
  return {
    status: 204,
    headers: {
      ...read,
      "access-control-allow-methods": ALLOWED_METHODS,
      "access-control-allow-headers": ALLOWED_HEADERS,
      "access-control-max-age": PREFLIGHT_MAX_AGE,
    },
  };
}
