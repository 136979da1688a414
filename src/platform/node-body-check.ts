import { platformOperations } from "../../generated/platform/operations.js";
import { RequestValidationError } from "../runtime/errors/request-validation-error.js";
import { prepareRest } from "../runtime/rest/prepare-request.js";
import { wordFailedChecks } from "../runtime/validation/failed-check.js";
import { loadValidators } from "../runtime/validation/load-validators.js";

/**
 * Checks a `createNode` body against the spec before the client looks its network up, so a bad body
 * fails before anything is sent. Loaded by the platform client on the first `createNode`, with the
 * rest of the call path.
 *
 * @param body - The body as it will be sent (`role` filled in).
 * @throws {RequestValidationError} naming each field the spec refuses.
 * @example
 * await checkCreateNodeBody({ name: "archive", network: "NW-1", type: "dedicated" }); // throws: provider is missing
 */
export async function checkCreateNodeBody(body: unknown): Promise<void> {
  const operation = platformOperations.createNode;
  const prepared = prepareRest(operation, await loadValidators(operation), { body });
  if (prepared.failed)
    throw new RequestValidationError(operation.id, await wordFailedChecks(prepared.failed));
}
