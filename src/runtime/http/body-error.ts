import { scrubText, scrubValue } from "../credentials/scrub-value.js";
import { HttpError } from "../errors/http-error.js";
import { parseJson } from "../json/parse-json.js";
import type { HttpResponse } from "./send-request.js";
import { parseServiceError } from "./service-error.js";
import type { ShownRequest } from "./shown-request.js";

// Apart from the non-2xx errors (response-errors.ts, loaded when an answer fails): a successful
// answer is read with this module at hand, since any of them may carry the service's error.

/**
 * An `HttpError` for an error that came inside a successful answer (e.g. the wallet's `{"Error": …}`).
 *
 * @example
 * const auth = nodeAuth({ token });
 * const response = await sendHttpRequest({ method: "POST", url, headers: {}, body: "{}" }, { fetch, timeout: 5_000, shown: showRequest("POST", url, auth.redact) });
 * throw errorInBody(response, "Contract validate error", showRequest("POST", url, auth.redact, auth.scheme));
 */
export function errorInBody(response: HttpResponse, message: string, request: ShownRequest): HttpError {
  const body = scrubBody(response.text, request.redact);
  return new HttpError({
    status: response.status,
    method: request.method,
    url: request.url,
    service: { ...parseServiceError(body), message: String(scrubValue(message, request.redact)) },
    body,
  });
}

/** The body as an error may keep it: parsed when it is JSON, then scrubbed and bounded either way. */
export function scrubBody(text: string, redact: (text: string) => string): unknown {
  let parsed: unknown;
  try {
    parsed = parseJson(text);
  } catch {
    return scrubText(text, redact);
  }
  return scrubValue(parsed, redact);
}
