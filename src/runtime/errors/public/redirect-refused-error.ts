// Bound for the entries, one file per class: ../index.ts says why.
import { RedirectRefusedError as RedirectRefusedErrorClass } from "../redirect-refused-error.js";

/** See {@link RedirectRefusedErrorClass}. */
export const RedirectRefusedError = RedirectRefusedErrorClass;
/** See {@link RedirectRefusedErrorClass}. */
export type RedirectRefusedError = RedirectRefusedErrorClass;
