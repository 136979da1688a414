// Bound for the entries, one file per class: src/runtime/errors/index.ts says why.
import { TransactionRevertedError as TransactionRevertedErrorClass } from "../transaction-reverted-error.js";

/** See {@link TransactionRevertedErrorClass}. */
export const TransactionRevertedError = TransactionRevertedErrorClass;
/** See {@link TransactionRevertedErrorClass}. */
export type TransactionRevertedError = TransactionRevertedErrorClass;
