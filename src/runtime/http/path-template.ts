import { hasLoneSurrogate } from "../credentials/secret-rules.js";
import { RequestValidationError } from "../errors/request-validation-error.js";
import { NOT_UNICODE_MESSAGE } from "../json/lone-surrogates.js";
import type { ParameterStyle, PathValue } from "../operation.js";
import { styledPathSegment } from "./parameter-styles.js";

/**
 * Fills a path template (`/v1/nodes/{id}/`) with percent-encoded path parameters.
 *
 * @param operationId - Named in the error.
 * @param template - The operation's path.
 * @param params - Values by parameter name (arrays comma-separated, as OpenAPI's `simple` style).
 * @param styles - Parameters in another style (`label`, `matrix`), by name.
 * @returns The path.
 * @throws {RequestValidationError} naming `/path/<name>` when a parameter is missing or empty, is `.`
 *   or `..` (which would move the request to another path: `deleteNode("..")` would delete `/v1/`), or
 *   is not valid Unicode text (a lone UTF-16 surrogate, which no URL can carry).
 * @example
 * fillPath("getNode", "/v1/nodes/{id}/", { id: "ND-123-456-789" }); // "/v1/nodes/ND-123-456-789/"
 */
export function fillPath(
  operationId: string,
  template: string,
  params: Record<string, PathValue> | undefined,
  styles?: Readonly<Record<string, ParameterStyle>>,
): string {
  if (!template.includes("{")) return template; // most paths have no parameter: skip the regex
  return template.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === "") {
      throw new RequestValidationError(operationId, [{ pointer: `/path/${name}`, message: "is required" }]);
    }
    const structured = typeof value === "object";
    const text = Array.isArray(value)
      ? value.join(",")
      : structured
        ? Object.values(value).join(",")
        : String(value);
    const problem = segmentProblem(text);
    if (problem !== undefined) {
      throw new RequestValidationError(operationId, [{ pointer: `/path/${name}`, message: problem }]);
    }
    const style = styles?.[name];
    return style === undefined && !structured
      ? encodeURIComponent(text)
      : styledPathSegment(name, value, style);
  });
}

function segmentProblem(text: string): string | undefined {
  if (text === "." || text === "..") {
    return `must not be "${text}": as a path segment it would send the request to another path`;
  }
  if (hasLoneSurrogate(text)) return NOT_UNICODE_MESSAGE;
  return undefined;
}
