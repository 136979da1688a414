// Bound for the entries, one file per class: ../index.ts says why.
import { ResponseTooLargeError as ResponseTooLargeErrorClass } from "../response-too-large-error.js";

/** See {@link ResponseTooLargeErrorClass}. */
export const ResponseTooLargeError = ResponseTooLargeErrorClass;
/** See {@link ResponseTooLargeErrorClass}. */
export type ResponseTooLargeError = ResponseTooLargeErrorClass;
