import type { Validator } from "../../runtime/operation.js";
import { checkValue, type DescribedIssue, describeIssues } from "../../runtime/validation/field-issues.js";
import { SandboxContractError } from "./sandbox-contract-error.js";

/**
 * The issues of a value, with their keywords (the platform words some of them its own way).
 *
 * @param validate - A generated validator.
 * @param value - The value to check.
 * @param prefix - The pointer of the value in the request (`/query`, `/body`).
 * @returns The issues; empty when the value is valid.
 * @example
 * const { body } = await loadValidators(platformOperations.createNode);
 * if (body) requestIssues(body, { name: "" }, "/body"); // [{ pointer: "/body/name", … }, …]
 */
export function requestIssues(validate: Validator, value: unknown, prefix: string): DescribedIssue[] {
  if (validate(value)) return [];
  const issues = describeIssues(validate.errors ?? [], prefix);
  return issues.length > 0 ? issues : [{ pointer: prefix, message: "does not match the spec", keyword: "" }];
}

/**
 * Checks a value the sandbox is about to answer.
 *
 * @param validate - A generated validator.
 * @param value - The value about to be sent.
 * @param what - What the value is, for the error (`getNode 200`).
 * @throws {SandboxContractError} naming the first issues, when the spec does not allow the value.
 * @example
 * const { result } = await loadValidators(evmMethods.eth_chainId);
 * assertAnswerValid(result, "0x1", "eth_chainId result"); // passes
 */
export function assertAnswerValid(validate: Validator, value: unknown, what: string): void {
  const issues = checkValue(validate, value, "");
  if (issues.length > 0) {
    const listed = issues.slice(0, 3).map((issue) => `${issue.pointer || "(root)"} ${issue.message}`);
    throw new SandboxContractError(`${what} does not match the spec: ${listed.join("; ")}`);
  }
}
