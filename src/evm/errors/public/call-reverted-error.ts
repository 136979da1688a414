// Bound for the entries, one file per class: src/runtime/errors/index.ts says why.
import { CallRevertedError as CallRevertedErrorClass } from "../call-reverted-error.js";

/** See {@link CallRevertedErrorClass}. */
export const CallRevertedError = CallRevertedErrorClass;
/** See {@link CallRevertedErrorClass}. */
export type CallRevertedError = CallRevertedErrorClass;
