import { RequestValidationError } from "../errors/request-validation-error.js";

/**
 * Fills a path template (`/v1/nodes/{id}/`) with percent-encoded path parameters.
 *
 * @param operationId - Named in the error.
 * @param template - The operation's path.
 * @param params - Values by parameter name.
 * @returns The path.
 * @throws {RequestValidationError} naming `/path/<name>` when a parameter is missing or empty.
 * @example
 * fillPath("getNode", "/v1/nodes/{id}/", { id: "ND-123-456-789" }); // "/v1/nodes/ND-123-456-789/"
 */
export function fillPath(
  operationId: string,
  template: string,
  params: Record<string, string | number> | undefined,
): string {
  if (!template.includes("{")) return template; // most paths have no parameter: skip the regex
  return template.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === "") {
      throw new RequestValidationError(operationId, [{ pointer: `/path/${name}`, message: "is required" }]);
    }
    return encodeURIComponent(String(value));
  });
}
