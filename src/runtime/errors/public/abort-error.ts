// Bound for the entries, one file per class: ../index.ts says why.
import { AbortError as AbortErrorClass } from "../abort-error.js";

/** See {@link AbortErrorClass}. */
export const AbortError = AbortErrorClass;
/** See {@link AbortErrorClass}. */
export type AbortError = AbortErrorClass;
