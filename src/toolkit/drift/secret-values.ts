import { redactText, redactUrl } from "../../runtime/credentials/redact.js";
import { MIN_SECRET_LENGTH } from "../../runtime/credentials/secret-rules.js";

/** Headers whose whole value is a credential: never recorded. */
const CREDENTIAL_HEADERS = new Set([
  "authorization",
  "proxy-authorization",
  "cookie",
  "set-cookie",
  "x-api-key",
  "api-key",
  "x-token",
  "x-auth-token",
  "x-access-token",
]);

/** Field and parameter names that hold secrets whatever the spec says. */
const SECRET_NAME =
  /pass(word|phrase)?$|secret|token|api[-_]?key|auth[-_]?(key|password)|private[-_]?key|credential|mnemonic|^seed$|^cookie$/i;

/** What stands in for a secret. */
export const MASK = "***";

/**
 * Whether a header, field or parameter name holds a secret (`authorization`, `auth_key`,
 * `password`, `apiKey`, `x-token`, …).
 *
 * @example
 * looksSecret("auth_key"); // true
 * looksSecret("name"); // false
 */
export function looksSecret(name: string): boolean {
  return CREDENTIAL_HEADERS.has(name.toLowerCase()) || SECRET_NAME.test(name);
}

/**
 * The secret values one request carries, to scrub from everything recorded about it: a bearer or
 * basic credential (and the basic password decoded), any header named like a credential, the URL's
 * user info, and the path segments the spec's operation path does not account for (a node token
 * in `/<token>/evm`).
 *
 * @param headers - The request's headers, lower-case names.
 * @param extraSegments - Path segments outside the operation's path and not written in a server URL.
 */
export function requestSecrets(headers: Record<string, string>, extraSegments: readonly string[]): string[] {
  const secrets: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (!looksSecret(name)) continue;
    secrets.push(value);
    const credential = /^\s*(basic|bearer|token)\s+(\S+)/i.exec(value);
    if (!credential) continue;
    const [, scheme, token] = credential as unknown as [string, string, string];
    secrets.push(token);
    if (scheme.toLowerCase() === "basic") {
      const decoded = Buffer.from(token, "base64").toString("utf8");
      const colon = decoded.indexOf(":");
      if (colon >= 0) secrets.push(decoded.slice(colon + 1));
    }
  }
  secrets.push(...extraSegments.map((segment) => safeDecode(segment)), ...extraSegments);
  // A secret too short to find safely in text (see secretProblem) is still masked where it sits.
  return [...new Set(secrets.filter((secret) => secret.length >= MIN_SECRET_LENGTH))];
}

/**
 * Headers safe to record: credentials masked, every other value scrubbed of the request's secrets.
 *
 * @example
 * recordedHeaders({ authorization: "Bearer k3y-k3y-k3y", accept: "*\/*" }, []); // { authorization: "***", accept: "*\/*" }
 */
export function recordedHeaders(
  headers: Record<string, string>,
  secrets: readonly string[],
): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    shown[name] = looksSecret(name) ? MASK : redactText(value, secrets);
  }
  return shown;
}

/**
 * A request target safe to record: the given path segments (a token) masked, user info dropped,
 * query values of secret-looking parameters masked, and known secrets scrubbed.
 *
 * @param target - The path and query as received (`/tok3n-tok3n/evm?x=1`).
 * @param maskedSegments - Indexes (from 0) of the path segments to mask.
 * @param secrets - The request's secret values.
 */
export function recordedTarget(
  target: string,
  maskedSegments: ReadonlySet<number>,
  secrets: readonly string[],
): string {
  const url = new URL(target, "http://recorded.invalid");
  const path = url.pathname
    .split("/")
    .slice(1)
    .map((segment, index) => (maskedSegments.has(index) ? MASK : segment))
    .join("/");
  const query = [...url.searchParams]
    .map(
      ([name, value]) =>
        `${encodeURIComponent(name)}=${looksSecret(name) ? MASK : encodeURIComponent(value)}`,
    )
    .join("&");
  return redactUrl(`/${path}${query ? `?${query}` : ""}`, secrets);
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
