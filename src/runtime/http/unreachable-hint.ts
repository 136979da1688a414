/** Why a request got no HTTP answer, said in words, and what to check. */
export interface UnreachableReason {
  /** What happened, e.g. `nothing answered at http://127.0.0.1:8502 (connection refused)`. */
  reason: string;
  /** What to check. */
  hint: string;
}

/** System and undici codes, found anywhere down an error's `cause` chain (or in an AggregateError's errors). */
function errorCodes(error: unknown, depth = 0): string[] {
  if (depth > 5 || error === null || typeof error !== "object") return [];
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown };
  const own = typeof code === "string" ? [code] : [];
  const nested = Array.isArray(errors) ? errors.flatMap((item) => errorCodes(item, depth + 1)) : [];
  return [...own, ...nested, ...errorCodes(cause, depth + 1)];
}

/**
 * Says why a request got no HTTP answer, from the error `fetch` threw: nothing listening, a host that
 * does not resolve, a connection closed or timed out, or TLS spoken to a plain HTTP port. The origin
 * is all of the URL it shows (a node URL's path holds its token), and it should come redacted.
 *
 * @param error - What `fetch` threw.
 * @param origin - The request's origin (`http://127.0.0.1:8502`), credentials already removed.
 * @returns The reason and what to check, or `undefined` when the error names no known cause.
 * @example
 * unreachableReason({ cause: { code: "ECONNREFUSED" } }, "http://127.0.0.1:8502")?.reason;
 * // "nothing answered at http://127.0.0.1:8502 (connection refused)"
 */
export function unreachableReason(error: unknown, origin: string): UnreachableReason | undefined {
  const codes = errorCodes(error);
  const has = (pattern: RegExp) => codes.some((code) => pattern.test(code));
  if (has(/^ECONNREFUSED$/)) {
    return {
      reason: `nothing answered at ${origin} (connection refused)`,
      hint:
        "No server is listening at that host and port: check that the service is running (a sandbox from " +
        "`chainkit sandbox` stops with its process, and takes new ports on each start unless given --port) " +
        "and that the client's URL has the right host and port",
    };
  }
  if (has(/^(ENOTFOUND|EAI_AGAIN)$/)) {
    return {
      reason: `the host of ${origin} was not found (DNS)`,
      hint: "Check the host name in the client's URL (a node's URL is details.https_endpoint of the node)",
    };
  }
  if (has(/^ERR_SSL_WRONG_VERSION_NUMBER$|^ERR_SSL_PACKET_LENGTH_TOO_LONG$/)) {
    return {
      reason: `${origin} did not speak TLS`,
      hint: "The URL says https:// but the server at that port speaks plain HTTP: use http:// (loopback only) or the service's https port",
    };
  }
  if (has(/CERT|^ERR_TLS|^ERR_SSL/)) {
    return {
      reason: `the TLS handshake with ${origin} failed`,
      hint: "The server's certificate was not accepted: check the host name in the URL, and the system's clock and trusted certificates",
    };
  }
  if (has(/^(ECONNRESET|EPIPE|UND_ERR_SOCKET|UND_ERR_CLOSED)$/)) {
    return {
      reason: `${origin} closed the connection before answering`,
      hint: "Something listens there but did not answer HTTP: check that the URL's port is the service's, and its scheme (http:// or https://)",
    };
  }
  if (has(/^(ETIMEDOUT|UND_ERR_CONNECT_TIMEOUT|EHOSTUNREACH|ENETUNREACH)$/)) {
    return {
      reason: `${origin} could not be reached`,
      hint: "Check the host and port in the client's URL, and that no firewall or proxy is in the way",
    };
  }
  return undefined;
}
