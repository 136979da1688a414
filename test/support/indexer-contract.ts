import { indexerOperations } from "../../generated/indexer/operations.js";
import { checkValue } from "../../src/runtime/validation/field-issues.js";

/**
 * The problems of an indexer answer against the spec, for an operation and status ("" entries
 * mean the status has no schema). The one place tests read the generated validators, so a change
 * in how descriptors carry them is adapted here.
 *
 * @param operationId - E.g. `getTransactions`.
 * @param status - The HTTP status answered.
 * @param body - The parsed body.
 * @returns `pointer message` per problem; empty when the answer matches.
 */
export function indexerAnswerProblems(
  operationId: keyof typeof indexerOperations,
  status: number,
  body: unknown,
): string[] {
  const descriptor = indexerOperations[operationId].responses[String(status)];
  if (!descriptor) return [`status ${status} is not in the spec`];
  if (!descriptor.validate) return [];
  return checkValue(descriptor.validate, body, "").map(
    (issue) => `${issue.pointer || "(root)"} ${issue.message}`,
  );
}
