import { wrapSecrets } from "../credentials/wrap-secrets.js";
import { ResponseValidationError } from "../errors/response-validation-error.js";
import { errorInBody } from "../http/body-error.js";
import { selectResponse } from "../http/select-response.js";
import type { HttpResponse } from "../http/send-request.js";
import { convertCheckedInt64, convertInt64 } from "../json/convert-int64.js";
import { type FailedCheck, failedCheck, wordFailedChecks } from "../validation/failed-check.js";
import { scrubIssues } from "../validation/scrub-issues.js";
import type { RestAttempt } from "./rest-attempt.js";

/** How a caller checks its answers: set once per caller. */
export interface AnswerChecking {
  /** Whether answers are checked against the spec, unless a call says otherwise. */
  validates: boolean;
  /** Scrubs the client's credentials from text taken from an answer. */
  redact: (text: string) => string;
  /** Finds an error inside a successful body (see `RestCallerOptions.detectServiceError`). */
  detectServiceError: ((body: unknown) => string | undefined) | undefined;
}

/**
 * Checks a parsed 2xx answer and turns it into the call's result: an error the service put in a
 * successful body is thrown; the response the status falls under is picked; the body is validated
 * against it (when validation is on), its int64 fields become `bigint`s and its secret fields
 * `Secret`s.
 *
 * @param checking - The caller's answer checks.
 * @param attempt - The call.
 * @param response - Its answer.
 * @param body - The parsed body (the text when it is not JSON).
 * @param isJson - Whether the body parsed as JSON.
 * @returns The result, or a promise that rejects once a refusal is worded.
 * @throws {ResponseValidationError} when the spec refuses the answer.
 */
export function checkAnswer(
  checking: AnswerChecking,
  attempt: RestAttempt,
  response: HttpResponse,
  body: unknown,
  isJson: boolean,
): unknown {
  const { operation, validators, target, callOptions } = attempt;
  const validates = callOptions.validateResponse ?? checking.validates;
  const serviceError = isJson ? checking.detectServiceError?.(body) : undefined;
  if (serviceError !== undefined) throw errorInBody(response, serviceError, target.shown);

  const status = selectResponse(validators.responses, response.status);
  const descriptor = status === undefined ? undefined : validators.responses[status];
  if (validates && descriptor === undefined) {
    // A success status the spec does not describe (200 where it promises 201) is not trusted as an answer.
    const issue = {
      pointer: "",
      message: `has status ${response.status}, which the spec does not describe`,
    };
    throw new ResponseValidationError(operation.id, response.status, [issue]);
  }
  const validate = descriptor?.validate;
  if (validates && validate) {
    if (!isJson) {
      throw new ResponseValidationError(operation.id, response.status, [
        { pointer: "", message: "is not JSON" },
      ]);
    }
    const failed = failedCheck(validate, body, "");
    if (failed) return refuseAnswer(operation.id, response.status, failed, checking.redact);
  }
  if (!isJson || descriptor === undefined) return body;
  let converted = body;
  if (descriptor.int64 && validates && validate) {
    // The wide integers are converted, and those a number could not hold exactly are named.
    const checked = convertCheckedInt64(body, descriptor.int64, "", descriptor.convertInt64);
    if (checked.inexact.length > 0) {
      const issues = scrubIssues(checked.inexact, checking.redact);
      throw new ResponseValidationError(operation.id, response.status, issues);
    }
    converted = checked.value;
  } else if (descriptor.int64) {
    converted = convertInt64(body, descriptor.int64, descriptor.convertInt64);
  }
  return descriptor.secrets ? wrapSecrets(converted, descriptor.secrets) : converted;
}

/**
 * Rejects with the worded issues of an answer the spec refuses (the wording loads on first use),
 * scrubbed: the answer's keys, which pointers name, may hold a secret.
 */
async function refuseAnswer(
  operation: string,
  status: number,
  failed: FailedCheck,
  redact: (text: string) => string,
): Promise<never> {
  throw new ResponseValidationError(operation, status, scrubIssues(await wordFailedChecks([failed]), redact));
}
