// Bound for the entries, one file per class: ../index.ts says why.
import { HttpError as HttpErrorClass } from "../http-error.js";

/** See {@link HttpErrorClass}. */
export const HttpError = HttpErrorClass;
/** See {@link HttpErrorClass}. */
export type HttpError = HttpErrorClass;
