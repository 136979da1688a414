import type { FieldIssue } from "../errors/request-validation-error.js";
import type { ValidationIssue, Validator } from "../operation.js";

/**
 * Runs a validator and turns its complaints into issues with JSON pointers under `prefix`. For
 * `required` and `additionalProperties` the pointer names the property itself (`/body/region`), not
 * its parent.
 *
 * @param validate - An ajv (standalone) validator.
 * @param data - The value to check.
 * @param prefix - Pointer of `data` in the call, e.g. `/body`, `/query`, `/params`, `/result`.
 * @returns The issues; empty when the value is valid.
 * @example
 * checkValue(validators.createNodeBody, { region: "mars-1" }, "/body");
 * // [{ pointer: "/body/region", message: "must be equal to one of the allowed values" }]
 */
export function checkValue(validate: Validator, data: unknown, prefix: string): FieldIssue[] {
  if (validate(data)) return [];
  const issues = (validate.errors ?? []).map((issue) => toFieldIssue(issue, prefix));
  return issues.length > 0 ? issues : [{ pointer: prefix, message: "is invalid" }];
}

function toFieldIssue(issue: ValidationIssue, prefix: string): FieldIssue {
  const property = issue.params.missingProperty ?? issue.params.additionalProperty;
  const pointer =
    typeof property === "string"
      ? `${prefix}${issue.instancePath}/${escapePointer(property)}`
      : prefix + issue.instancePath;
  const message =
    issue.keyword === "additionalProperties" ? "is not allowed" : (issue.message ?? `fails ${issue.keyword}`);
  return { pointer, message: issue.keyword === "required" ? "is required" : message };
}

function escapePointer(token: string): string {
  return token.replace(/~/g, "~0").replace(/\//g, "~1");
}
