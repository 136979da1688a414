// Bound for the entries: src/runtime/errors/index.ts says why (lazy code shares this module).
import { TransactionMismatchError as TransactionMismatchErrorOf } from "../transaction-mismatch-error.js";

/** See {@link TransactionMismatchErrorOf}. */
export const TransactionMismatchError = TransactionMismatchErrorOf;
/** See {@link TransactionMismatchErrorOf}. */
export type TransactionMismatchError = TransactionMismatchErrorOf;
