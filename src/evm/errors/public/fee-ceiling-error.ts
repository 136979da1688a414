// Bound for the entries, one file per class: src/runtime/errors/index.ts says why.
import { FeeCeilingError as FeeCeilingErrorClass } from "../fee-ceiling-error.js";

/** See {@link FeeCeilingErrorClass}. */
export const FeeCeilingError = FeeCeilingErrorClass;
/** See {@link FeeCeilingErrorClass}. */
export type FeeCeilingError = FeeCeilingErrorClass;
