import { ChainkitError } from "./chainkit-error.js";

/** What a service said about a failure, read from its error body. */
export interface ServiceErrorInfo {
  /** The service's error code (`"validation_error"`, `422`, …), when it sends one. */
  code?: string | number;
  /** The service's message (platform `error.message` or `detail`, indexer `error`, wallet `Error`, or a text body). */
  message?: string;
  /** Per-field messages (platform `error.fields`), keyed by field name. */
  fields?: Record<string, string[]>;
}

/** Everything an {@link HttpError} carries. URLs are redacted and bodies scrubbed before they get here. */
export interface HttpErrorInit {
  status: number;
  statusText?: string;
  /** HTTP method of the request. */
  method: string;
  /** The request URL with credentials replaced by `***`. */
  url: string;
  /** What the service said, parsed from the body. */
  service?: ServiceErrorInfo;
  /** The parsed body (or its text), with credentials replaced by `***`. */
  body?: unknown;
  /** What to do about it, when the client can tell (e.g. a 401 after sending a token: the token is wrong). */
  hint?: string;
  cause?: unknown;
}

/**
 * The service answered with an error: a non-2xx status (other than 429, see `RateLimitError`), or an
 * HTTP 200 whose body is an error, such as the wallet node's `{"Error": "…"}`.
 * The service's code, message and per-field messages are parsed from the body when present.
 *
 * @example
 * try { await platform.getNode("ND-000-000-000"); } catch (err) {
 *   if (err instanceof HttpError && err.status === 404) console.log("no such node:", err.serviceMessage);
 * }
 */
export class HttpError extends ChainkitError {
  override name = "HttpError";
  /** The HTTP status (200 when the error came inside a successful response). */
  readonly status: number;
  readonly method: string;
  /** The request URL with credentials replaced by `***`. */
  readonly url: string;
  /** The service's error code, if any. */
  readonly code: string | number | undefined;
  /** The service's own message, if any. */
  readonly serviceMessage: string | undefined;
  /** Per-field messages, if the service sent them. */
  readonly fields: Record<string, string[]> | undefined;
  /** The parsed body (or text) with credentials replaced by `***`. */
  readonly body: unknown;
  /** What to do about the failure, when the client can tell. */
  readonly hint: string | undefined;

  constructor(init: HttpErrorInit) {
    const status = `HTTP ${init.status}${init.statusText ? ` ${init.statusText}` : ""}`;
    const said = init.service?.message ? `: ${init.service.message}` : "";
    super(`${init.method} ${init.url} failed with ${status}${said}`, {
      cause: init.cause,
      details: [describeService(init.service), init.hint].filter(Boolean).join(". ") || undefined,
    });
    this.status = init.status;
    this.method = init.method;
    this.url = init.url;
    this.code = init.service?.code;
    this.serviceMessage = init.service?.message;
    this.fields = init.service?.fields;
    this.body = init.body;
    this.hint = init.hint;
  }
}

function describeService(service: ServiceErrorInfo | undefined): string | undefined {
  if (!service) return undefined;
  const parts: string[] = [];
  if (service.code !== undefined) parts.push(`code ${service.code}`);
  for (const [field, messages] of Object.entries(service.fields ?? {})) {
    parts.push(`${field}: ${messages.join("; ")}`);
  }
  return parts.length > 0 ? parts.join(", ") : undefined;
}
