// Bound for the entries, one file per class: src/runtime/errors/index.ts says why.
import { ProofError as ProofErrorClass } from "../proof-error.js";

/** See {@link ProofErrorClass}. */
export const ProofError = ProofErrorClass;
/** See {@link ProofErrorClass}. */
export type ProofError = ProofErrorClass;
