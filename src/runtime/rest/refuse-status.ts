import type { HttpResponse } from "../http/send-request.js";
import type { RestAttempt } from "./rest-attempt.js";

/** Whether an answer is 2xx, read as the call's result (anything else is an error). */
export function isSuccess(response: HttpResponse): boolean {
  return response.status >= 200 && response.status <= 299;
}

/**
 * Throws the error a non-2xx answer stands for. Its wording (hints, `Retry-After`, the service's
 * message) loads with the first such answer: a client whose calls succeed never downloads it.
 *
 * @throws {HttpError | RateLimitError} always.
 */
export async function refuseStatus(attempt: RestAttempt, response: HttpResponse): Promise<never> {
  const { errorForStatus } = await import("../http/response-errors.js");
  const { responses } = attempt.validators;
  // A spec that describes no 401 for the call lets anyone make it: a 401 then means another service.
  const documentsUnauthorized = "401" in responses || "4XX" in responses;
  throw errorForStatus(response, attempt.target.shown, { protocol: "rest", documentsUnauthorized });
}
