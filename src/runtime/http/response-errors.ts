import { scrubText } from "../credentials/scrub-value.js";
import { HttpError } from "../errors/http-error.js";
import { RateLimitError } from "../errors/rate-limit-error.js";
import { type AnswerContext, answerHint } from "./answer-hints.js";
import { scrubBody } from "./body-error.js";
import { parseRetryAfter, parseTryAgainIn } from "./retry-after.js";
import type { HttpResponse } from "./send-request.js";
import { parseServiceError } from "./service-error.js";
import type { ShownRequest } from "./shown-request.js";

/**
 * The error for a non-2xx answer: `RateLimitError` for 429 (wait from `Retry-After`, or from a JSON-RPC
 * body's `error.data.try_again_in`), `HttpError` otherwise, with the service's message parsed from the
 * body. The body is parsed first and every string of it scrubbed of credentials (so no JSON escape
 * hides one), the status line is scrubbed too, and the error keeps a bounded part of the body.
 *
 * @example
 * const auth = nodeAuth({ token });
 * const response = await sendHttpRequest({ method: "GET", url, headers: {} }, { fetch, timeout: 5_000, shown: showRequest("GET", url, auth.redact) });
 * if (response.status >= 400) throw errorForStatus(response, showRequest("GET", url, auth.redact, auth.scheme));
 */
export function errorForStatus(
  response: HttpResponse,
  request: ShownRequest,
  context?: AnswerContext,
): HttpError | RateLimitError {
  const body = scrubBody(response.text, request.redact);
  if (response.status === 429) {
    const hint = parseRetryAfter(response.headers.get("retry-after")) ?? parseTryAgainIn(tryAgainInOf(body));
    return new RateLimitError({ retryAfter: hint, method: request.method, url: request.url, status: 429 });
  }
  return new HttpError({
    status: response.status,
    statusText: scrubText(response.statusText, request.redact),
    method: request.method,
    url: request.url,
    service: parseServiceError(body),
    body,
    hint: answerHint(response, body, request, context),
  });
}

export { unauthorizedHint } from "./answer-hints.js";

function tryAgainInOf(body: unknown): unknown {
  const error = (body as { error?: { data?: { try_again_in?: unknown } } } | null)?.error;
  return typeof error === "object" && error !== null ? error.data?.try_again_in : undefined;
}
