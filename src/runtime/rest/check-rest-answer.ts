import { wrapSecrets } from "../credentials/wrap-secrets.js";
import type { FieldIssue } from "../errors/request-validation-error.js";
import { ResponseValidationError } from "../errors/response-validation-error.js";
import { errorInBody } from "../http/body-error.js";
import { selectResponse } from "../http/select-response.js";
import type { HttpResponse } from "../http/send-request.js";
import { convertCheckedInt64, convertInt64 } from "../json/convert-int64.js";
import type { ResponseDescriptor } from "../operation.js";
import { callMode } from "../validation/call-mode.js";
import { type FailedCheck, failedCheck, wordFailedChecks } from "../validation/failed-check.js";
import type { RuleIssue } from "../validation/report-violations.js";
import { scrubIssues } from "../validation/scrub-issues.js";
import type { ValidationMode, ViolationHandler } from "../validation/validation-violation.js";
import type { RestAttempt } from "./rest-attempt.js";

/** How a caller checks its answers: set once per caller. */
export interface AnswerChecking {
  /** What is done with answers the spec refuses, unless a call says otherwise. */
  mode: ValidationMode;
  /** Receives each violation in `"report"` mode. */
  onViolation: ViolationHandler | undefined;
  /** Scrubs the client's credentials from text taken from an answer. */
  redact: (text: string) => string;
  /** Finds an error inside a successful body (see `RestCallerOptions.detectServiceError`). */
  detectServiceError: ((body: unknown) => string | undefined) | undefined;
}

/**
 * Checks a parsed 2xx answer and turns it into the call's result: an error the service put in a
 * successful body is thrown; the response the status falls under is picked; the body is validated
 * against it (unless validation is off), its int64 fields become `bigint`s and its secret fields
 * `Secret`s. In `"report"` mode what the spec refuses goes to `onViolation` and the answer is
 * still returned, converted where it can be.
 *
 * @param checking - The caller's answer checks.
 * @param attempt - The call.
 * @param response - Its answer.
 * @param body - The parsed body (the text when it is not JSON).
 * @param isJson - Whether the body parsed as JSON.
 * @returns The result, or a promise of it once a refusal or report is worded.
 * @throws {ResponseValidationError} when the spec refuses the answer (mode `"on"`).
 */
export function checkAnswer(
  checking: AnswerChecking,
  attempt: RestAttempt,
  response: HttpResponse,
  body: unknown,
  isJson: boolean,
): unknown {
  const { operation, validators, target, callOptions } = attempt;
  const mode = callMode(checking.mode, callOptions);
  const serviceError = isJson ? checking.detectServiceError?.(body) : undefined;
  if (serviceError !== undefined) throw errorInBody(response, serviceError, target.shown);

  const status = selectResponse(validators.responses, response.status);
  const descriptor = status === undefined ? undefined : validators.responses[status];
  const issues: RuleIssue[] = [];
  if (mode !== "off" && descriptor === undefined) {
    // A success status the spec does not describe (200 where it promises 201) is not trusted as an answer.
    const message = `has status ${response.status}, which the spec does not describe`;
    issues.push({ pointer: "", message, rule: "status" });
  }
  const validate = descriptor?.validate;
  let failed: FailedCheck | undefined;
  if (mode !== "off" && validate) {
    if (isJson) failed = failedCheck(validate, body, "");
    else issues.push({ pointer: "", message: "is not JSON", rule: "json" });
  }
  if (mode === "on") {
    if (issues.length > 0)
      throw new ResponseValidationError(operation.id, response.status, issues.map(issueOnly));
    if (failed) return refuseAnswer(operation.id, response.status, failed, checking.redact);
  }
  const checksInt64 = mode !== "off" && validate !== undefined;
  if (issues.length > 0 || failed) {
    const report = { checking, operation: operation.id, descriptor, body, mode, checksInt64 };
    return reportThen(report, failed, issues, () => convertAnswer(report, response, isJson));
  }
  return convertAnswer(
    { checking, operation: operation.id, descriptor, body, mode, checksInt64 },
    response,
    isJson,
  );
}

/** What {@link convertAnswer} turns into the result. */
interface Answer {
  checking: AnswerChecking;
  operation: string;
  descriptor: ResponseDescriptor | undefined;
  body: unknown;
  /** The call's validation mode. */
  mode: ValidationMode;
  /** Whether numbers too large to be exact in wide integer fields are refused (or reported). */
  checksInt64: boolean;
}

/** The result of a checked answer: its int64 fields converted and its secret fields wrapped. */
function convertAnswer(answer: Answer, response: HttpResponse, isJson: boolean): unknown {
  const { checking, descriptor, body } = answer;
  if (!isJson || descriptor === undefined) return body;
  let converted = body;
  if (descriptor.int64 && answer.checksInt64) {
    // The wide integers are converted, and those a number could not hold exactly are named.
    const checked = convertCheckedInt64(body, descriptor.int64, "", descriptor.convertInt64);
    converted = checked.value;
    if (checked.inexact.length > 0) {
      if (answer.mode !== "report") {
        const issues = scrubIssues(checked.inexact, checking.redact);
        throw new ResponseValidationError(answer.operation, response.status, issues);
      }
      const inexact = checked.inexact.map((issue) => ({ ...issue, rule: "int64" }));
      const result = wrapped(descriptor, converted);
      return reportThen(answer, undefined, inexact, () => result);
    }
  } else if (descriptor.int64) {
    converted = convertInt64(body, descriptor.int64, descriptor.convertInt64);
  }
  return wrapped(descriptor, converted);
}

function wrapped(descriptor: ResponseDescriptor, value: unknown): unknown {
  return descriptor.secrets ? wrapSecrets(value, descriptor.secrets) : value;
}

/**
 * Hands an answer's violations to the client's `onViolation` (the reporting code loads on the first
 * one), then finishes the call.
 */
async function reportThen(
  answer: Answer,
  failed: FailedCheck | undefined,
  issues: readonly RuleIssue[],
  finish: () => unknown,
): Promise<unknown> {
  const { reportViolations } = await import("../validation/report-violations.js");
  const { checking, descriptor } = answer;
  const report = {
    operation: answer.operation,
    answer: answer.body,
    prefix: "",
    secrets: descriptor?.secrets,
    redact: checking.redact,
    onViolation: checking.onViolation as ViolationHandler,
  };
  reportViolations(report, failed ? [failed] : [], issues);
  return finish();
}

function issueOnly({ pointer, message }: RuleIssue): FieldIssue {
  return { pointer, message };
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
