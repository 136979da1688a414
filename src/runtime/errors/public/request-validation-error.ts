// Bound for the entries, one file per class: ../index.ts says why.
import { RequestValidationError as RequestValidationErrorClass } from "../request-validation-error.js";

/** See {@link RequestValidationErrorClass}. */
export const RequestValidationError = RequestValidationErrorClass;
/** See {@link RequestValidationErrorClass}. */
export type RequestValidationError = RequestValidationErrorClass;
