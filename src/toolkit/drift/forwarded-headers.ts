/** Headers that describe one connection, not the message (RFC 9110 §7.6.1): never forwarded. */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-authenticate",
  "proxy-authorization",
  "proxy-connection",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
]);

/**
 * The raw headers (`[name, value, name, value, …]`, as Node gives them) to forward: every header
 * as it came, in its order and case, except hop-by-hop ones and those the `Connection` header names;
 * `host` too when `host` is given (it is replaced by the target's).
 *
 * @example
 * forwardedHeaders(["Host", "a", "Connection", "x-b", "X-B", "1", "Accept", "*\/*"], "target:80");
 * // ["Accept", "*\/*", "host", "target:80"]
 */
export function forwardedHeaders(raw: readonly string[], host?: string): string[] {
  const named = new Set<string>();
  for (let index = 0; index < raw.length; index += 2) {
    if (raw[index]?.toLowerCase() !== "connection") continue;
    for (const token of (raw[index + 1] ?? "").split(",")) named.add(token.trim().toLowerCase());
  }
  const kept: string[] = [];
  for (let index = 0; index < raw.length; index += 2) {
    const name = raw[index] as string;
    const lower = name.toLowerCase();
    if (HOP_BY_HOP.has(lower) || named.has(lower) || (host !== undefined && lower === "host")) continue;
    kept.push(name, raw[index + 1] as string);
  }
  if (host !== undefined) kept.push("host", host);
  return kept;
}

/** Raw headers as one object with lower-case names (repeated headers joined by `, `), for checks and records. */
export function headerObject(raw: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (let index = 0; index < raw.length; index += 2) {
    const name = (raw[index] as string).toLowerCase();
    const value = raw[index + 1] as string;
    headers[name] = Object.hasOwn(headers, name) ? `${headers[name]}, ${value}` : value;
  }
  return headers;
}
