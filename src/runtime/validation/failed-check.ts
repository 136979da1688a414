import type { FieldIssue } from "../errors/request-validation-error.js";
import type { ValidationIssue, Validator } from "../operation.js";

/** A value a validator refused: what the validator reported, and where the value sits in the call. */
export interface FailedCheck {
  /** Pointer of the checked value in the call, e.g. `/body`, `/params`, `/result`, or `""`. */
  prefix: string;
  /** The validator's `errors` for this value. */
  issues: readonly ValidationIssue[];
}

/**
 * Runs a validator and keeps what it reported when the value fails. The issues are worded later, by
 * {@link wordFailedChecks}, so the wording is loaded only once a value fails: a call that passes never
 * downloads it.
 *
 * @param validate - A generated validator.
 * @param data - The value to check.
 * @param prefix - Pointer of `data` in the call.
 * @returns The failure, or `undefined` when the value is valid.
 * @example
 * const { body } = await loadValidators(platformOperations.createNode);
 * const failed = body && failedCheck(body, { type: "shard" }, "/body");
 * if (failed) throw new RequestValidationError("createNode", await wordFailedChecks([failed]));
 */
export function failedCheck(validate: Validator, data: unknown, prefix: string): FailedCheck | undefined {
  // ajv gives every failing run a new `errors` array, so keeping this one is safe.
  return validate(data) ? undefined : { prefix, issues: validate.errors ?? [] };
}

/**
 * Words failed checks in the order given, as `checkValue` words them (one issue per field, by JSON
 * pointer, saying what the value must be). The wording is imported on the first failure.
 *
 * @param failed - Failures from {@link failedCheck}.
 * @returns The worded issues.
 * @example
 * const { body } = await loadValidators(platformOperations.createNode);
 * const failed = body && failedCheck(body, { type: "shard" }, "/body");
 * const issues = failed ? await wordFailedChecks([failed]) : []; // [{ pointer: "/body/name", message: "is required" }, …]
 */
export async function wordFailedChecks(failed: readonly FailedCheck[]): Promise<FieldIssue[]> {
  const { wordIssues } = await import("./field-issues.js");
  return failed.flatMap(({ issues, prefix }) => wordIssues(issues, prefix));
}
