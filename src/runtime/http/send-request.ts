import { scrubError } from "../credentials/redact.js";
import { AbortError } from "../errors/abort-error.js";
import { NetworkError } from "../errors/network-error.js";
import { TimeoutError } from "../errors/timeout-error.js";
import type { ShownRequest } from "./shown-request.js";

/** Default milliseconds for one request, from sending until the body is read. */
export const DEFAULT_TIMEOUT = 30_000;

/** The `fetch` a caller uses; inject one for tests, proxies or older runtimes. */
export type FetchFunction = (input: string, init: RequestInit) => Promise<Response>;

/** One HTTP request, with credentials already applied. */
export interface HttpRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** A complete HTTP answer, body read as text. */
export interface HttpResponse {
  status: number;
  statusText: string;
  headers: Headers;
  text: string;
}

/** How to send one request. */
export interface SendOptions {
  fetch: FetchFunction;
  /** Milliseconds from sending until the whole body is read. */
  timeout: number;
  /** The caller's signal. */
  signal?: AbortSignal | undefined;
  /** How errors show the request: URL with credentials replaced by `***`, and the scrubber for causes. */
  shown: ShownRequest;
}

/**
 * Sends one HTTP request and reads the whole body, within a timeout. No retries, no status handling:
 * any HTTP answer is returned.
 *
 * @param request - Method, URL, headers and body.
 * @param options - fetch, timeout, signal and how to show the URL.
 * @returns Status, headers and body text.
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
  const timer = setTimeout(abortController, options.timeout, controller);
  const forwardAbort = signal && (() => controller.abort());
  if (forwardAbort) signal?.addEventListener("abort", forwardAbort, { once: true });
  try {
    const response = await options.fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: controller.signal,
    });
    const text = await response.text();
    return { status: response.status, statusText: response.statusText, headers: response.headers, text };
  } catch (error) {
    const shown = { method: request.method, url: options.shown.url };
    if (signal?.aborted) throw new AbortError({ reason: signal.reason, ...shown });
    if (controller.signal.aborted) throw new TimeoutError({ timeout: options.timeout, ...shown });
    throw new NetworkError({ ...shown, cause: scrubError(error, options.shown.redact) });
  } finally {
    clearTimeout(timer);
    if (forwardAbort) signal?.removeEventListener("abort", forwardAbort);
  }
}

function abortController(controller: AbortController): void {
  controller.abort();
}
