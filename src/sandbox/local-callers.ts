import type { IncomingHttpHeaders } from "node:http";
import { checkBrowserOrigins } from "./browser-origins.js";

/**
 * Who may use the sandbox beyond this machine's own tools and pages. The sandbox listens on
 * 127.0.0.1 only, but a web page open in a browser on the same machine can still reach it: a POST
 * with a `text/plain` body needs no preflight, a WebSocket upgrade is not subject to CORS, and a
 * name the page's site controls can be re-pointed at 127.0.0.1 (DNS rebinding). So, as local
 * development servers do, the sandbox answers a request only when its `Host` is a loopback name and
 * its `Origin`, when a browser sent one, is a page served from this machine.
 */
export interface LocalCallerRules {
  /** More names (as sent in `Host`, without the port) to answer, e.g. `sandbox.internal`; `*` for any. */
  allowedHosts?: readonly string[];
  /** More page origins to answer (`https://app.example`, `null` for sandboxed and `file:` pages); `*` for any. */
  allowedOrigins?: readonly string[];
  /**
   * Page origins that may also read the answers from a browser (CORS, see `browser-origins.ts`): the
   * docs portal's, for its try-it. Answered like {@link allowedOrigins}; no other page gets to read.
   */
  browserOrigins?: readonly string[];
}

/**
 * Whether a host name is this machine as a browser sees it: `localhost` and `*.localhost` (which
 * browsers resolve to loopback themselves), 127.0.0.0/8 and `[::1]`.
 */
function isLocalName(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  if (host === "[::1]") return true;
  return /^127(?:\.\d{1,3}){3}$/.test(host);
}

/** The host name of a `Host` header: `[::1]:8500` → `[::1]`, `localhost:8500` → `localhost`. */
function hostnameOf(host: string): string {
  const bracketed = /^(\[[^\]]*\])(?::\d*)?$/.exec(host);
  if (bracketed?.[1]) return bracketed[1];
  return host.replace(/:\d*$/, "");
}

function allows(list: readonly string[] | undefined, value: string): boolean {
  return list !== undefined && (list.includes("*") || list.includes(value));
}

/**
 * Checks the allow lists before the sandbox starts: hosts are names without scheme or port,
 * origins are `scheme://host[:port]` as browsers send them, `null`, or `*`.
 *
 * @param rules - The lists to check.
 * @returns The rules with names in lower case and origins as browsers write them.
 * @throws {Error} naming the first entry that is neither, and what to write instead.
 * @example
 * checkLocalCallerRules({ allowedOrigins: ["https://app.example/"] }); // { allowedOrigins: ["https://app.example"] }
 */
export function checkLocalCallerRules(rules: LocalCallerRules): Required<LocalCallerRules> {
  const allowedHosts = (rules.allowedHosts ?? []).map((host) => {
    if (host === "*" || /^[a-z0-9.-]+$|^\[[0-9a-f:.]+\]$/i.test(host)) return host.toLowerCase();
    throw new Error(
      `allowed host "${host}" must be a host name or address without scheme or port, such as sandbox.internal`,
    );
  });
  const allowedOrigins = (rules.allowedOrigins ?? []).map((origin) => {
    if (origin === "*" || origin === "null") return origin;
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      // Reported below.
    }
    if (parsed === undefined || parsed.origin === "null" || !/^https?:$/.test(parsed.protocol)) {
      throw new Error(
        `allowed origin "${origin}" must be an http(s) origin such as https://app.example:3000, or null`,
      );
    }
    return parsed.origin;
  });
  return { allowedHosts, allowedOrigins, browserOrigins: checkBrowserOrigins(rules.browserOrigins ?? []) };
}

/**
 * Says why a request may not use the sandbox, or `undefined` when it may: its `Host` names another
 * machine (a page reaching the sandbox through DNS rebinding sends its own site's name), or its
 * `Origin` is a page that is not served from this machine. Requests without an `Origin` (scripts,
 * SDKs, curl) and without a `Host` (HTTP/1.0 tools) are answered.
 *
 * @param headers - The request's headers.
 * @param rules - Names and origins to answer besides this machine's (from {@link checkLocalCallerRules}).
 * @returns The refusal, in words that say how to allow the caller, or `undefined`.
 * @example
 * localCallerRefusal({ host: "127.0.0.1:8500" }, {}); // undefined
 * localCallerRefusal({ host: "127.0.0.1:8500", origin: "https://evil.example" }, {}); // "Origin https://evil.example …"
 */
export function localCallerRefusal(
  headers: IncomingHttpHeaders,
  rules: LocalCallerRules,
): string | undefined {
  const { host, origin } = headers;
  if (host !== undefined) {
    const hostname = hostnameOf(host).toLowerCase();
    if (!isLocalName(hostname) && !allows(rules.allowedHosts, hostname)) {
      return (
        `Host ${JSON.stringify(host)} is not this machine: the sandbox answers requests addressed to ` +
        "localhost or 127.0.0.1 only, so that a web page cannot reach it through a name its site controls " +
        `(DNS rebinding). To serve this name, start it with --allow-host ${hostname} ` +
        `(startSandbox({ allowedHosts: ["${hostname}"] }))`
      );
    }
  }
  if (origin === undefined) return undefined;
  let local = false;
  try {
    local = origin !== "null" && isLocalName(new URL(origin).hostname);
  } catch {
    // Not an origin a browser would send: refused below.
  }
  if (local || allows(rules.allowedOrigins, origin) || rules.browserOrigins?.includes(origin))
    return undefined;
  return (
    `Origin ${JSON.stringify(origin)} is a web page that is not served from this machine, and pages ` +
    "elsewhere may not use the sandbox (its credentials are demo values, predictable under --seed). " +
    `To allow this page, start it with --allow-origin ${origin} ` +
    `(startSandbox({ allowedOrigins: ["${origin}"] }))`
  );
}
