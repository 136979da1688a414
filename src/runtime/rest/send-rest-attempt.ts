import type { Auth } from "../credentials/auth.js";
import { type FetchFunction, type HttpResponse, sendHttpRequest } from "../http/send-request.js";
import { resolveCallTimeout } from "../http/timeout-option.js";
import { resolveMaxResponseBytes } from "../max-response-bytes.js";
import type { RestOperation } from "../operation.js";
import type { UsageMeter } from "../usage/usage-meter.js";
import type { RestAttempt } from "./rest-attempt.js";

/** What every request of one caller is sent with, built once when the caller is made. */
export interface RestSending {
  fetch: FetchFunction;
  meter: UsageMeter;
  /** The client's timeout and size limit, which a call's own options override. */
  timeout: number;
  maxResponseBytes: number;
  /** Headers of a request without a body: accept, the client's extra headers, the credentials. */
  headers: Record<string, string>;
  /** The same, with a JSON content type. */
  jsonHeaders: Record<string, string>;
}

/**
 * Builds a caller's {@link RestSending}. The headers are built once: every request gets a copy (a
 * fetch wrapper may add to it), not a rebuild.
 *
 */
export function restSending(
  auth: Auth,
  settings: Omit<RestSending, "headers" | "jsonHeaders">,
  extraHeaders?: Record<string, string>,
): RestSending {
  const headers: Record<string, string> = { accept: "application/json", ...extraHeaders, ...auth.headers() };
  return { ...settings, headers, jsonHeaders: { ...headers, "content-type": "application/json" } };
}

/**
 * Counts one try of a call against the usage meter (waiting when a budget says so), then sends it.
 *
 * @returns The answer, whatever its status.
 * @throws {TimeoutError | NetworkError | AbortError} when no answer comes.
 */
export function sendAttempt(sending: RestSending, attempt: RestAttempt): Promise<HttpResponse> {
  const { operation, target, body, parameterHeaders, callOptions } = attempt;
  const { signal } = callOptions;
  const weight = callOptions.weight ?? 1;
  const plain = operation.requestMedia === undefined && operation.accept === undefined && !parameterHeaders;
  const httpRequest = {
    method: operation.method,
    url: target.url,
    headers: plain
      ? body === undefined
        ? { ...sending.headers }
        : { ...sending.jsonHeaders }
      : requestHeaders(sending, operation, body !== undefined, parameterHeaders),
    body,
  };
  const sendOptions = {
    fetch: sending.fetch,
    timeout: resolveCallTimeout(callOptions.timeout, sending.timeout),
    maxResponseBytes: resolveMaxResponseBytes(callOptions.maxResponseBytes, sending.maxResponseBytes),
    signal,
    shown: target.shown,
    binary: operation.responseKind === "binary",
  };
  const { meter } = sending;
  // A meter without a budget counts at once, so the request goes without waiting for a promise.
  if (!signal?.aborted && meter.tryAcquire?.(weight)) return sendHttpRequest(httpRequest, sendOptions);
  return meter.acquire(weight, signal).then(() => sendHttpRequest(httpRequest, sendOptions));
}

/**
 * Headers of a call with header or cookie parameters, or a body or answer that is not JSON. A
 * multipart body gets no content-type here: fetch writes it with the boundary.
 */
function requestHeaders(
  sending: RestSending,
  operation: RestOperation,
  hasBody: boolean,
  parameterHeaders: Record<string, string> | undefined,
): Record<string, string> {
  const media = operation.requestMedia;
  const contentType = !hasBody || media?.startsWith("multipart/") ? undefined : (media ?? "application/json");
  return {
    ...parameterHeaders,
    ...sending.headers,
    ...(operation.accept !== undefined && { accept: operation.accept }),
    ...(contentType !== undefined && { "content-type": contentType }),
  };
}
