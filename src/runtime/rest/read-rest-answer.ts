import { ResponseValidationError } from "../errors/response-validation-error.js";
import type { HttpResponse } from "../http/send-request.js";
import { readWithinDepth } from "../json/nesting-depth.js";
import { parseJson } from "../json/parse-json.js";
import { scrubIssues } from "../validation/scrub-issues.js";
import { type AnswerChecking, checkAnswer } from "./check-rest-answer.js";
import type { RestAttempt } from "./rest-attempt.js";

/**
 * Reads a 2xx answer as the call's result. Bytes stay bytes and text stays text; a JSON answer is
 * parsed without losing integer precision, then checked and converted ({@link checkAnswer}). An
 * answer deeper than a validator or converter can recurse is refused where it got too deep.
 *
 * @param checking - The client's answer checks (validation, the service's error rule, redaction).
 * @param attempt - The call.
 * @param response - Its 2xx answer.
 * @returns The result, or a promise of it when the checks must load their wording.
 * @throws {ResponseValidationError} when the answer is refused.
 */
export function readAnswer(checking: AnswerChecking, attempt: RestAttempt, response: HttpResponse): unknown {
  if (response.bytes !== undefined) return response.bytes;
  if (attempt.operation.responseKind === "text") return response.text;
  let body: unknown;
  let isJson = true;
  try {
    body = response.text.trim() === "" ? undefined : parseJson(response.text);
  } catch {
    body = response.text;
    isJson = false;
  }
  return readWithinDepth(
    body,
    () => checkAnswer(checking, attempt, response, body, isJson),
    (pointer, message) => {
      const issues = scrubIssues([{ pointer, message }], checking.redact);
      throw new ResponseValidationError(attempt.operation.id, response.status, issues);
    },
  );
}
