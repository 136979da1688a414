import type { FieldIssue } from "../errors/request-validation-error.js";
import { pointerToken } from "../json/json-pointer.js";
import type { ValidationIssue, Validator } from "../operation.js";
import { closestBranches } from "./closest-branch.js";
import { issueMessage } from "./issue-message.js";

/** A {@link FieldIssue} with the schema keyword it comes from, for code that words issues its own way. */
export interface DescribedIssue extends FieldIssue {
  /** `type`, `enum`, `required`, `x-rule`, … */
  keyword: string;
}

/** What a spec rule (`x-rule` on an `if`/`then`) puts in its issue: the field, the message, the object. */
interface RuleParams {
  field?: string;
  message: string;
  data: unknown;
}

/**
 * Runs a validator and says what is wrong, in words, one issue per field: each names the value by
 * JSON pointer under `prefix` (for `required` and unknown fields, the property itself) and says what
 * it must be (the allowed values, the shape of a pattern, the rule the spec writes next to a
 * conditional). A failed `oneOf`/`anyOf` reports the form that came closest.
 *
 * @param validate - A generated validator.
 * @param data - The value to check.
 * @param prefix - Pointer of `data` in the call, e.g. `/body`, `/query`, `/params`, `/result`.
 * @returns The issues; empty when the value is valid.
 * @example
 * const { body } = await loadValidators(platformOperations.createNode);
 * if (body) checkValue(body, { type: "shard" }, "/body");
 * // [{ pointer: "/body/name", message: "is required" }, …, { pointer: "/body/type", message: "must be one of: shared, dedicated" }, …]
 */
export function checkValue(validate: Validator, data: unknown, prefix: string): FieldIssue[] {
  return validate(data) ? [] : wordIssues(validate.errors ?? [], prefix);
}

/**
 * Words what a validator reported about a value that failed (see {@link checkValue}); never empty.
 *
 * @param issues - The validator's `errors`.
 * @param prefix - Pointer of the validated value in the call.
 * @returns The issues, or one saying the value does not match the spec when the validator named none.
 * @example
 * const { body } = await loadValidators(platformOperations.createNode);
 * if (body && !body({ type: "shard" })) console.log(wordIssues(body.errors ?? [], "/body"));
 */
export function wordIssues(issues: readonly ValidationIssue[], prefix: string): FieldIssue[] {
  const worded = describeIssues(issues, prefix).map(({ pointer, message }) => ({ pointer, message }));
  return worded.length > 0 ? worded : [{ pointer: prefix, message: "does not match the spec" }];
}

/**
 * Turns the issues a validator reported into worded issues (see {@link checkValue}), keeping the
 * keyword of each.
 *
 * @param issues - The validator's `errors`.
 * @param prefix - Pointer of the validated value in the call.
 * @returns One issue per distinct pointer and message, in the validator's order.
 * @example
 * const { body } = await loadValidators(platformOperations.createNode);
 * if (body && !body({ type: "shard" })) console.log(describeIssues(body.errors ?? [], "/body"));
 */
export function describeIssues(issues: readonly ValidationIssue[], prefix: string): DescribedIssue[] {
  // A plain `if`/`then` reports its `then` issues, then a wrapper saying only that `then` failed.
  const wrappersOnly = issues.every((issue) => issue.keyword === "if");
  const described = issues
    .filter((issue) => wrappersOnly || issue.keyword !== "if")
    .flatMap((issue) => describeIssue(issue, prefix));
  const seen = new Set<string>();
  return described.filter((issue) => {
    const key = `${issue.pointer}\u0000${issue.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function describeIssue(issue: ValidationIssue, prefix: string): DescribedIssue[] {
  const { keyword } = issue;
  const at = prefix + issue.instancePath;
  switch (keyword) {
    case "oneOf":
    case "anyOf":
      return describeAlternatives(issue, prefix);
    case "x-rule":
      return [describeRule(issue.params as unknown as RuleParams, at)];
    case "if":
      return [{ pointer: at, message: "does not meet a condition of the spec", keyword }];
    default: {
      const property =
        issue.params.missingProperty ?? issue.params.additionalProperty ?? issue.params.unevaluatedProperty;
      const pointer = typeof property === "string" ? `${at}/${pointerToken(property)}` : at;
      return [{ pointer, message: issueMessage(issue), keyword }];
    }
  }
}

function describeAlternatives(issue: ValidationIssue, prefix: string): DescribedIssue[] {
  const pointer = prefix + issue.instancePath;
  const { keyword } = issue;
  if (Array.isArray(issue.params.passingSchemas)) {
    const message = "matches more than one of the forms the spec allows; it must match exactly one";
    return [{ pointer, message, keyword }];
  }
  const branches = issue.params.branches as ValidationIssue[][] | undefined;
  const choice = closestBranches(branches ?? [], issue.instancePath);
  if (choice.kind === "types") {
    const types = { ...issue, keyword: "type", params: { type: choice.types.join(",") } };
    return [{ pointer, message: issueMessage(types), keyword: "type" }];
  }
  const described = choice.branches.map((branch) => describeIssues(branch, prefix));
  const [first] = described;
  if (first === undefined) {
    return [{ pointer, message: "does not match any of the forms the spec allows", keyword }];
  }
  // Forms that each fail once at the value itself are said together: "must be …, or …".
  const together =
    described.length > 1 && described.every((d) => d.length === 1 && d[0]?.pointer === pointer);
  if (!together) return first;
  return [{ pointer, message: joinAlternatives(described.map((d) => d[0]?.message ?? "")), keyword }];
}

/** `["must be a string", "must be null"]` → `"must be a string, or null"`. */
function joinAlternatives(messages: readonly string[]): string {
  const unique = [...new Set(messages)];
  const [first = "", ...rest] = unique;
  const lead = first.startsWith("must be ") ? "must be " : undefined;
  const tail = rest.map((message) =>
    lead && message.startsWith(lead) ? message.slice(lead.length) : message,
  );
  return [first, ...tail].join(", or ");
}

/** A spec rule's issue: at its field, with `{name}` in its message replaced by that property's value. */
function describeRule(params: RuleParams, at: string): DescribedIssue {
  const pointer = params.field === undefined ? at : `${at}/${pointerToken(params.field)}`;
  const values = params.data !== null && typeof params.data === "object" ? params.data : {};
  const message = params.message.replace(/\{([^{}\s]+)\}/g, (_placeholder, name: string) => {
    const value = (values as Record<string, unknown>)[name];
    return typeof value === "string" ? value : value === undefined ? "(missing)" : JSON.stringify(value);
  });
  return { pointer, message, keyword: "x-rule" };
}
