import { RequestValidationError } from "../errors/request-validation-error.js";
import { loneSurrogateIssues } from "../json/lone-surrogates.js";
import { wireValue } from "../json/wire-value.js";
import type { RpcMethod, RpcMethodValidators, ValidationIssue } from "../operation.js";
import { type FailedCheck, failedCheck, wordFailedChecks } from "../validation/failed-check.js";
import type { ResultReading } from "./read-rpc-response.js";

/** A checked call, with how to read its result. */
export interface PreparedCall extends ResultReading {
  method: RpcMethod;
  params: readonly unknown[];
}

/** What a validator reports for params that are not an array (worded "must be an array"). */
const NOT_AN_ARRAY: ValidationIssue = {
  instancePath: "",
  schemaPath: "#/type",
  keyword: "type",
  params: { type: "array" },
};

/**
 * Checks params against their method's params validator.
 *
 * @param validators - The method's loaded module.
 * @param params - The params given.
 * @param pointer - Where the params sit in the call, e.g. `/params` or `/3/params` in a batch.
 * @returns What failed, still to be worded (see `wordFailedChecks`), or `undefined` when they pass.
 */
export function failedParams(
  validators: RpcMethodValidators,
  params: readonly unknown[],
  pointer: string,
): FailedCheck | undefined {
  return Array.isArray(params)
    ? failedCheck(validators.params, wireValue(params), pointer)
    : { prefix: pointer, issues: [NOT_AN_ARRAY] };
}

/**
 * Checks a call's params with its method's loaded validators and makes the call that is sent.
 *
 * @param reading - Whether the call's result is checked against the spec, and where its violations
 *   go in report mode.
 * @returns The call, and what failed the spec (the caller words and throws it: wording loads lazily).
 * @throws {RequestValidationError} at once when the params pass the spec but hold text that is not
 *   valid Unicode.
 */
export function prepareCall(
  method: RpcMethod,
  validators: RpcMethodValidators,
  params: readonly unknown[],
  pointer: string,
  reading: Omit<ResultReading, "validators">,
): { call: PreparedCall; failed: FailedCheck | undefined } {
  const failed = failedParams(validators, params, pointer);
  // Beyond the spec: JSON would carry a lone surrogate as the escape `\ud800`, which a node
  // rejects or reads as something else, so text that is not valid Unicode is refused here.
  const issues = failed ? [] : loneSurrogateIssues(params, pointer);
  if (issues.length > 0) throw new RequestValidationError(method.name, issues);
  const { validates, onViolation } = reading;
  const call: PreparedCall =
    onViolation === undefined
      ? { method, params, validators, validates }
      : { method, params, validators, validates, onViolation };
  return { call, failed };
}

/** The error for params the spec refuses, once their issues are worded. */
export async function refuseParams(
  operation: string,
  failed: readonly FailedCheck[],
): Promise<RequestValidationError> {
  return new RequestValidationError(operation, await wordFailedChecks(failed));
}
