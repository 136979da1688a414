// Bound for the entries, one file per class: src/runtime/errors/index.ts says why.
import { TransactionHashMismatchError as TransactionHashMismatchErrorClass } from "../transaction-hash-mismatch-error.js";

/** See {@link TransactionHashMismatchErrorClass}. */
export const TransactionHashMismatchError = TransactionHashMismatchErrorClass;
/** See {@link TransactionHashMismatchErrorClass}. */
export type TransactionHashMismatchError = TransactionHashMismatchErrorClass;
