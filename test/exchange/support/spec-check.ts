/**
 * The one place the exchange tests read the generated operation descriptors, to check an answer
 * against its operation's schema in the spec (so a change to how validators load lands here only).
 */
import { type ExchangeOperationId, exchangeOperations } from "../../../generated/exchange/operations.js";
import { parseJson } from "../../../src/runtime/json/parse-json.js";
import { checkValue } from "../../../src/runtime/validation/field-issues.js";
import { responseValidator } from "../../support/spec-validators.js";

/**
 * Why an answer does not fit its operation's response schema.
 *
 * @param operation - The exchange or info operation (`order`, `meta`, …).
 * @param answer - The parsed answer (or its JSON text).
 * @param status - The HTTP status whose schema applies.
 * @returns One line per issue; empty when the answer fits.
 */
export async function answerIssues(
  operation: ExchangeOperationId,
  answer: unknown,
  status = "200",
): Promise<string[]> {
  const validate = await responseValidator(exchangeOperations[operation], status);
  if (!validate) return [`${operation} has no JSON schema for HTTP ${status}`];
  const value = typeof answer === "string" ? parseJson(answer) : answer;
  return checkValue(validate, value, "").map((issue) => `${issue.pointer || "(root)"} ${issue.message}`);
}
