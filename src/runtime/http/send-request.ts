import { scrubError } from "../credentials/redact.js";
import { AbortError } from "../errors/abort-error.js";
import { NetworkError } from "../errors/network-error.js";
import { RedirectRefusedError } from "../errors/redirect-refused-error.js";
import { ResponseTooLargeError } from "../errors/response-too-large-error.js";
import { TimeoutError } from "../errors/timeout-error.js";
import { DEFAULT_MAX_RESPONSE_BYTES } from "../max-response-bytes.js";
import { readBodyWithin, readBytesWithin } from "./read-body.js";
import type { ShownRequest } from "./shown-request.js";

// The option check lives in a module of its own, so a constructor can check it without the sending code.
export { DEFAULT_TIMEOUT, resolveTimeout } from "./timeout-option.js";

/** The longest delay `setTimeout` honours (about 24.8 days); it fires at once for anything longer. */
const MAX_TIMER_DELAY = 2 ** 31 - 1;

/** The `fetch` a caller uses; inject one for tests, proxies or older runtimes. */
export type FetchFunction = (input: string, init: RequestInit) => Promise<Response>;

/** A request body: JSON or other text, bytes, form fields or multipart. */
export type RequestBody = string | Blob | Uint8Array | ArrayBuffer | FormData | URLSearchParams;

/** One HTTP request, with credentials already applied. */
export interface HttpRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: RequestBody | undefined;
}

/** A complete HTTP answer, body read as text (or, for a binary read of a 2xx, as bytes too). */
export interface HttpResponse {
  status: number;
  statusText: string;
  headers: Headers;
  text: string;
  /** The body's bytes, undecoded, when the request asked for a binary answer and the status is 2xx. */
  bytes?: Uint8Array;
}

/** How to send one request. */
export interface SendOptions {
  fetch: FetchFunction;
  /** Milliseconds from sending until the whole body is read. */
  timeout: number;
  /** The most bytes of body to read (default {@link DEFAULT_MAX_RESPONSE_BYTES}; `Infinity`: no limit). */
  maxResponseBytes?: number | undefined;
  /** The caller's signal. */
  signal?: AbortSignal | undefined;
  /** How errors show the request: URL with credentials replaced by `***`, and the scrubber for causes. */
  shown: ShownRequest;
  /** Read a 2xx body as bytes (`HttpResponse.bytes`), not as text. */
  binary?: boolean | undefined;
}

/**
 * Sends one HTTP request and reads the whole body, within a timeout and a size limit. No retries, and
 * no status handling beyond redirects: any other HTTP answer is returned. Redirects are never followed
 * (fetch would resend the request, credentials and body, to wherever the server points).
 *
 * @param request - Method, URL, headers and body.
 * @param options - fetch, timeout, size limit, signal and how to show the URL.
 * @returns Status, headers and body text.
 * @throws {RedirectRefusedError} for a 3xx answer other than 304; nothing is sent to its target.
 * @throws {ResponseTooLargeError} when the body passes `maxResponseBytes`; the rest is not read.
 * @throws {TimeoutError} when the answer is not complete within `timeout`.
 * @throws {AbortError} when `signal` aborts.
 * @throws {NetworkError} when no HTTP answer arrives (refused, reset, DNS, TLS).
 * @example
 * const res = await sendHttpRequest(
 *   { method: "GET", url: "http://127.0.0.1:8080/health", headers: {} },
 *   { fetch: globalThis.fetch, timeout: 5_000, shown: showRequest("GET", "http://127.0.0.1:8080/health", (t) => t) },
 * );
 */
export async function sendHttpRequest(request: HttpRequest, options: SendOptions): Promise<HttpResponse> {
  const { signal } = options;
  if (signal?.aborted) {
    throw new AbortError({ reason: signal.reason, method: request.method, url: options.shown.url });
  }
  const controller = new AbortController();
  // No closure per request for the timer: only it and the caller's signal abort this controller.
  // A timeout past what a timer can hold means none: setTimeout would fire at once instead.
  const timer =
    options.timeout <= MAX_TIMER_DELAY ? setTimeout(abortController, options.timeout, controller) : undefined;
  const forwardAbort = signal && (() => controller.abort());
  if (forwardAbort) signal?.addEventListener("abort", forwardAbort, { once: true });
  try {
    const response = await options.fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body as BodyInit | undefined,
      signal: controller.signal,
      redirect: "manual",
    });
    if (isRedirect(response)) throw await refuseRedirect(response, request, options.shown);
    const limit = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    if (options.binary && response.status >= 200 && response.status <= 299) {
      const bytes = await readBytesWithin(response, limit, options.shown);
      return {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
        text: "",
        bytes,
      };
    }
    const text = await readBodyWithin(response, limit, options.shown);
    return { status: response.status, statusText: response.statusText, headers: response.headers, text };
  } catch (error) {
    // The request is over: its timer must not outlive it while the hint below loads.
    clearTimeout(timer);
    if (error instanceof RedirectRefusedError || error instanceof ResponseTooLargeError) throw error;
    const shown = { method: request.method, url: options.shown.url };
    if (signal?.aborted) throw new AbortError({ reason: signal.reason, ...shown });
    if (controller.signal.aborted) throw new TimeoutError({ timeout: options.timeout, ...shown });
    // Why the host is unreachable is worded by a module that loads only when one is.
    const { unreachableReason } = await import("./unreachable-hint.js");
    const known = unreachableReason(error, originOf(request.url, options.shown.redact));
    throw new NetworkError({ ...shown, ...known, cause: scrubError(error, options.shown.redact) });
  } finally {
    clearTimeout(timer);
    if (forwardAbort) signal?.removeEventListener("abort", forwardAbort);
  }
}

/** The URL's scheme, host and port, redacted (a node URL's path holds its token; the origin should not). */
function originOf(url: string, redact: (text: string) => string): string {
  try {
    return redact(new URL(url).origin);
  } catch {
    return "(the URL)";
  }
}

function abortController(controller: AbortController): void {
  controller.abort();
}

/** A 3xx that points elsewhere (304 Not Modified does not), or a browser's opaque redirect. */
function isRedirect(response: Response): boolean {
  if (response.type === "opaqueredirect") return true;
  return response.status >= 300 && response.status <= 399 && response.status !== 304;
}

/** The error for a redirect, naming only the target's origin, credentials scrubbed; its body is dropped. */
async function refuseRedirect(
  response: Response,
  request: HttpRequest,
  shown: ShownRequest,
): Promise<RedirectRefusedError> {
  await response.body?.cancel().catch(() => undefined);
  const location = response.headers.get("location");
  let targetOrigin = location === null ? "(no Location given)" : "(unreadable)";
  if (location !== null) {
    try {
      targetOrigin = shown.redact(new URL(location, request.url).origin);
    } catch {
      // A Location that is not a URL: say so, and show nothing of it.
    }
  }
  if (response.type === "opaqueredirect") targetOrigin = "(hidden by the browser)";
  return new RedirectRefusedError({
    status: response.status,
    method: request.method,
    url: shown.url,
    targetOrigin,
  });
}
