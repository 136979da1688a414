import { ConfigurationError } from "../errors/configuration-error.js";

/**
 * Whether a host name is this machine: `localhost`, any 127.0.0.0/8 address, or `::1`. Plain HTTP
 * is allowed only to these. Names under `.localhost` are not: browsers resolve them to loopback
 * themselves, but Node, gRPC and most runtimes ask the system resolver, which may send the query to
 * the network and get another machine's address, and the credentials would go there in clear text.
 *
 * @param hostname - A URL's `hostname` (IPv6 in brackets, as `URL` gives it).
 * @example
 * isLoopbackHost("127.0.0.1"); // true
 * isLoopbackHost("[::1]"); // true
 * isLoopbackHost("api.localhost"); // false
 * isLoopbackHost("node.example.com"); // false
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (host === "localhost") return true;
  if (host === "[::1]" || host === "::1") return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * Parses a service URL and checks it is safe to send credentials to and to append paths to: `https:`
 * (or `wss:`), or plain `http:`/`ws:` only to a loopback host; no user info (credentials go in
 * `credentials`); no query or fragment, which would swallow the token and paths appended after them.
 * The message never repeats the query or fragment, which may hold a secret of its own.
 *
 * @param url - The URL to check.
 * @param option - The option name to report, e.g. `"url"` or `"baseUrl"`.
 * @param redact - Scrubs known secrets from the URL before it is shown in an error.
 * @returns The parsed URL.
 * @throws {ConfigurationError} when the URL does not parse, uses another scheme, is plain HTTP to a
 *   host that is not loopback, carries user info, or has a query or fragment (even an empty `?` or `#`).
 * @example
 * requireSecureUrl("https://nd-123.example.com", "url"); // URL
 * requireSecureUrl("http://127.0.0.1:8545", "url"); // URL
 * requireSecureUrl("http://nd-123.example.com", "url"); // throws ConfigurationError
 * requireSecureUrl("https://nd-123.example.com?x=1", "url"); // throws ConfigurationError
 */
export function requireSecureUrl(
  url: string,
  option: string,
  redact: (text: string) => string = (t) => t,
): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConfigurationError(option, "is not a valid absolute URL");
  }
  if (parsed.username || parsed.password) {
    throw new ConfigurationError(
      option,
      "must not contain user info; pass the username and password as credentials",
    );
  }
  // Checked on the text as given: `new URL` drops an empty `?` or `#`, but a string join would not.
  if (/[?#]/.test(url)) {
    throw new ConfigurationError(
      option,
      "must not contain a query (?…) or fragment (#…): give the base URL alone, such as https://nd-123.example.com " +
        "(a path is fine); the client appends each request's path, and a node's token, to it, and after a ? or # they " +
        "would land in the query string, which server and proxy logs keep, or in a fragment, which is never sent",
    );
  }
  const credentialInPath = pathFromCredential(parsed.pathname, redact);
  if (credentialInPath !== undefined) {
    throw new ConfigurationError(
      option,
      `already holds a credential in its path (${redact(parsed.pathname)}): drop ${credentialInPath} and give ` +
        "the base URL alone (a node's details.https_endpoint, such as https://nd-123.example.com); the client " +
        "adds the token, and the surface's path (/evm for the EVM client), to every request itself",
    );
  }
  const secure = parsed.protocol === "https:" || parsed.protocol === "wss:";
  const plain = parsed.protocol === "http:" || parsed.protocol === "ws:";
  if (!secure && !plain) {
    throw new ConfigurationError(
      option,
      `must be an https:// URL, got ${parsed.protocol}// (${redact(parsed.href)})`,
    );
  }
  if (plain && !isLoopbackHost(parsed.hostname)) {
    const resolved = parsed.hostname.toLowerCase().endsWith(".localhost")
      ? "; a *.localhost name is resolved by the system resolver, which may ask the network, so use 127.0.0.1 or localhost"
      : "";
    throw new ConfigurationError(
      option,
      `must use https:// (plain http is allowed only for loopback hosts such as 127.0.0.1 or localhost${resolved}): ${redact(parsed.href)}`,
    );
  }
  return parsed;
}

// The shown path from the first segment that holds a credential to its end (`/***/evm`), if any does.
function pathFromCredential(path: string, redact: (text: string) => string): string | undefined {
  const shown = redact(path);
  if (shown === path) return undefined;
  const masked = shown.indexOf("***");
  return shown.slice(Math.max(0, shown.lastIndexOf("/", masked)));
}
