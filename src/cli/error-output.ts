import { ChainkitError } from "../runtime/errors/chainkit-error.js";
import { stringifyJson } from "../runtime/json/stringify-json.js";

/**
 * A failure as one JSON line for scripts (`--json`): `{"error": {"name", "message", …}}` with the
 * error's own fields, as the library's error carries them: `field` and `issues` (JSON pointers) of a
 * `RequestValidationError`, `status`, `code` and `serviceMessage` of an `HttpError`, and so on.
 * chainkit errors hold no secrets, so every field can be shown.
 *
 * @example
 * errorJsonLine(new RequestValidationError("getNode", [{ pointer: "/path/id", message: "is required" }]));
 * // '{"error":{"name":"RequestValidationError","message":"Invalid input for getNode: …","operation":"getNode","field":"/path/id",…}}'
 */
export function errorJsonLine(error: unknown): string {
  if (!(error instanceof Error)) return stringifyJson({ error: { name: "Error", message: String(error) } });
  // Own enumerable fields only: a `cause` (not enumerable) and the stack stay out.
  const { shortMessage: _short, ...fields } = { ...error } as Record<string, unknown>;
  const message = error instanceof ChainkitError ? error.shortMessage : error.message;
  return stringifyJson({ error: { name: error.name, message, ...fields } });
}
