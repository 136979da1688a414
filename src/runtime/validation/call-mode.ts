import type { CallOptions } from "../operation.js";
import type { ValidationMode } from "./validation-violation.js";

/**
 * The mode of one call: a call's `validateResponse` overrides the client's (`true`: refuse what the
 * spec refuses, `false`: no check).
 */
export function callMode(clientMode: ValidationMode, callOptions: CallOptions): ValidationMode {
  const { validateResponse } = callOptions;
  return validateResponse === undefined ? clientMode : validateResponse ? "on" : "off";
}
