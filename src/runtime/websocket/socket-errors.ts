import { scrubError } from "../credentials/redact.js";
import type { ChainkitError } from "../errors/chainkit-error.js";
import { HttpError } from "../errors/http-error.js";
import { NetworkError } from "../errors/network-error.js";
import { ResponseTooLargeError } from "../errors/response-too-large-error.js";
import { unauthorizedHint } from "../http/response-errors.js";
import type { CredentialsSent } from "../http/shown-request.js";

/** What a socket's errors may say about it: never its real URL, only the shown one. */
export interface SocketErrorContext {
  /** The URL with credentials replaced by `***`. */
  shownUrl: string;
  /** Scrubs credentials from error text. */
  redact: (text: string) => string;
  /** Which credentials the upgrade carried, so a 401 can say whether they were wrong or missing. */
  credentials?: CredentialsSent;
  /** Largest message accepted, in bytes (Infinity: no limit). */
  maxMessageBytes: number;
}

/** Socket errors that mean nothing answered at the origin, with what to check for each. */
const NOTHING_ANSWERED: Record<string, string> = {
  ECONNREFUSED: "check that the node is running and listens on that host and port",
  ENOTFOUND: "check the host name in the URL",
  EAI_AGAIN: "check the host name in the URL and this machine's DNS",
  EHOSTUNREACH: "check the host in the URL and this machine's network",
  ENETUNREACH: "check the host in the URL and this machine's network",
};

/** Upgrade answers worth dialing again for: the service is busy or briefly unavailable. */
const TRANSIENT_STATUS = new Set([408, 425, 429, 500, 502, 503, 504]);

/**
 * Whether a failed dial means the service refused the upgrade for good (a 401, a 404…), so dialing
 * again cannot help; a network failure or a busy answer (429, 503…) is worth another dial.
 *
 * @example
 * refusedForGood(new HttpError({ status: 401, method: "GET", url: "wss://nd-1.example.com/ws/***" })); // true
 * refusedForGood(new HttpError({ status: 503, method: "GET", url: "wss://nd-1.example.com/ws/***" })); // false
 */
export function refusedForGood(error: ChainkitError): boolean {
  return error instanceof HttpError && !TRANSIENT_STATUS.has(error.status);
}

/**
 * The error for a message over the size limit.
 *
 * @example
 * socketTooLarge({ shownUrl: "wss://nd-1.example.com/ws/***", redact: (text) => text, maxMessageBytes: 1024 }).limit; // 1024
 */
export function socketTooLarge(context: SocketErrorContext): ResponseTooLargeError {
  return new ResponseTooLargeError({
    limit: context.maxMessageBytes,
    url: context.shownUrl,
    what: "A WebSocket message",
  });
}

/**
 * A failure of the connection itself, its cause scrubbed of credentials. When nothing answered at
 * all (connection refused, unknown host), the cause says so, names the origin (scheme, host and
 * port: never the path, which holds the token) and what to check.
 *
 * @example
 * socketNetworkError(
 *   { shownUrl: "wss://nd-1.example.com/ws/***", redact: (text) => text.replaceAll("tok", "***"), maxMessageBytes: 1024 },
 *   new Error("connect ECONNREFUSED wss://nd-1.example.com/ws/tok"),
 * );
 */
export function socketNetworkError(context: SocketErrorContext, cause: unknown): NetworkError {
  const error = cause instanceof Error ? cause : new Error(String(cause));
  const code = (error as { code?: unknown }).code;
  const check = typeof code === "string" ? NOTHING_ANSWERED[code] : undefined;
  const explained =
    check === undefined
      ? error
      : Object.assign(
          new Error(`nothing answered at ${originOf(context.shownUrl)} (${code}): ${check}`, {
            cause: error,
          }),
          {
            code,
          },
        );
  return new NetworkError({
    method: "WS",
    url: context.shownUrl,
    cause: scrubError(explained, context.redact),
  });
}

/** `scheme://host:port` of a shown URL (no path: a token may sit there). */
function originOf(url: string): string {
  try {
    const { protocol, host } = new URL(url);
    return `${protocol}//${host}`;
  } catch {
    return "the node's address";
  }
}

/**
 * A socket library's error as a chainkit error: a refused upgrade keeps its HTTP status (a 401 says
 * whether the credentials were wrong or missing), a message over the limit is a
 * `ResponseTooLargeError`, anything else a `NetworkError`.
 *
 * @example
 * const context = { shownUrl: "wss://nd-1.example.com/ws/***", redact: (text: string) => text, maxMessageBytes: 1024 };
 * socketError(context, new Error("Unexpected server response: 401")); // an HttpError with status 401
 */
export function socketError(context: SocketErrorContext, error: unknown): ChainkitError {
  const message = error instanceof Error ? error.message : typeof error === "string" ? error : "";
  const status = /Unexpected server response: (\d{3})/.exec(message)?.[1];
  if (status !== undefined) {
    return new HttpError({
      status: Number(status),
      method: "GET",
      url: context.shownUrl,
      hint: status === "401" ? unauthorizedHint(context.credentials) : undefined,
    });
  }
  // Over maxPayload, or a frame header announcing more than 2^53 - 1 bytes (no message is that size).
  const code = (error as { code?: unknown } | undefined)?.code;
  if (code === "WS_ERR_UNSUPPORTED_MESSAGE_LENGTH" || code === "WS_ERR_UNSUPPORTED_DATA_PAYLOAD_LENGTH") {
    return socketTooLarge(context);
  }
  return socketNetworkError(context, error);
}
