// Bound for the entries, one file per class: ../index.ts says why.
import { ResponseValidationError as ResponseValidationErrorClass } from "../response-validation-error.js";

/** See {@link ResponseValidationErrorClass}. */
export const ResponseValidationError = ResponseValidationErrorClass;
/** See {@link ResponseValidationErrorClass}. */
export type ResponseValidationError = ResponseValidationErrorClass;
