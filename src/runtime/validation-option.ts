import { ConfigurationError } from "./errors/configuration-error.js";
import type { ValidationMode, ViolationHandler } from "./validation/validation-violation.js";

/** The validation options a client takes. */
export interface ValidationOptions {
  /** `"on"` (the default), `"off"`, or `"report"`: answers the spec refuses are returned and each violation goes to `onViolation`. */
  validation?: ValidationMode;
  /** Receives each violation in `"report"` mode (required there). */
  onViolation?: ViolationHandler;
  /** The older switch: `true` is `validation: "on"`, `false` is `"off"`. */
  validateResponse?: boolean;
}

/** A client's validation, as {@link resolveValidation} settled it. */
export interface ValidationSetting {
  mode: ValidationMode;
  onViolation: ViolationHandler | undefined;
}

const MODES: readonly string[] = ["on", "off", "report"];

/**
 * Settles a client's validation options, at construction (so it sits outside `validation/`, whose
 * code loads with the first call).
 *
 * @throws {ConfigurationError} for an unknown mode, `validation` and `validateResponse` both given,
 *   or `"report"` without an `onViolation` function.
 * @example
 * resolveValidation({ validation: "report", onViolation: (v) => console.log(v.pointer) }).mode; // "report"
 */
export function resolveValidation(options: ValidationOptions): ValidationSetting {
  const { validation, onViolation, validateResponse } = options;
  if (validation === undefined) {
    return { mode: validateResponse === false ? "off" : "on", onViolation: undefined };
  }
  if (!MODES.includes(validation))
    throw new ConfigurationError("validation", 'must be "on", "off" or "report"');
  if (validateResponse !== undefined)
    throw new ConfigurationError("validation", "give validation or validateResponse, not both");
  if (validation === "report" && typeof onViolation !== "function")
    throw new ConfigurationError(
      "onViolation",
      'is required with validation: "report": give a function that receives each violation',
    );
  return { mode: validation, onViolation: validation === "report" ? onViolation : undefined };
}
