import { scrubError } from "../credentials/redact.js";
import { AbortError } from "../errors/abort-error.js";
import { ConfigurationError } from "../errors/configuration-error.js";
import { NetworkError } from "../errors/network-error.js";
import { TimeoutError } from "../errors/timeout-error.js";
import type { ShownRequest } from "./shown-request.js";

/** Default milliseconds for one request, from sending until the body is read. */
export const DEFAULT_TIMEOUT = 30_000;

/** The longest delay `setTimeout` honours (about 24.8 days); it fires at once for anything longer. */
const MAX_TIMER_DELAY = 2 ** 31 - 1;

/**
 * Checks a client's `timeout` option and fills in the default.
 *
 * @param timeout - Milliseconds per request; `Infinity` means no timeout.
 * @returns The timeout, {@link DEFAULT_TIMEOUT} when not given.
 * @throws {ConfigurationError} (option `timeout`) when it is not a number greater than 0.
 * @example
 * resolveTimeout(undefined); // 30000
 */
export function resolveTimeout(timeout: number | undefined): number {
  if (timeout === undefined) return DEFAULT_TIMEOUT;
  if (typeof timeout !== "number" || Number.isNaN(timeout) || timeout <= 0) {
    throw new ConfigurationError("timeout", "must be a number of milliseconds > 0 (Infinity for none)");
  }
  return timeout;
}

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
  // A timeout past what a timer can hold means none: setTimeout would fire at once instead.
  const timer =
    options.timeout <= MAX_TIMER_DELAY ? setTimeout(abortController, options.timeout, controller) : undefined;
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
