import { indexerOperations } from "../../generated/indexer/operations.js";
import { selectResponse } from "../../src/runtime/http/select-response.js";
import { checkValue } from "../../src/runtime/validation/field-issues.js";
import { loadValidators } from "../../src/runtime/validation/load-validators.js";

/**
 * The problems of an indexer answer against the spec, for an operation and status ("" entries
 * mean the status has no schema). The one place tests read the indexer's operation modules, so
 * a change in what they carry is adapted here.
 *
 * @param operationId - E.g. `getTransactions`.
 * @param status - The HTTP status answered.
 * @param body - The parsed body.
 * @returns `pointer message` per problem; empty when the answer matches.
 */
export async function indexerAnswerProblems(
  operationId: keyof typeof indexerOperations,
  status: number,
  body: unknown,
): Promise<string[]> {
  const { responses } = await loadValidators(indexerOperations[operationId]);
  const key = selectResponse(responses, status);
  if (key === undefined) return [`status ${status} is not in the spec`];
  const validate = responses[key]?.validate;
  if (!validate) return [];
  return checkValue(validate, body, "").map((issue) => `${issue.pointer || "(root)"} ${issue.message}`);
}
