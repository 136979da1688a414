// Bound for the entries, one file per class: src/runtime/errors/index.ts says why.
import { ChainMismatchError as ChainMismatchErrorClass } from "../chain-mismatch-error.js";

/** See {@link ChainMismatchErrorClass}. */
export const ChainMismatchError = ChainMismatchErrorClass;
/** See {@link ChainMismatchErrorClass}. */
export type ChainMismatchError = ChainMismatchErrorClass;
