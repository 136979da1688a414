// Bound for the entries, one file per class: ../index.ts says why.
import { TimeoutError as TimeoutErrorClass } from "../timeout-error.js";

/** See {@link TimeoutErrorClass}. */
export const TimeoutError = TimeoutErrorClass;
/** See {@link TimeoutErrorClass}. */
export type TimeoutError = TimeoutErrorClass;
