// Bound for the entries: src/runtime/errors/index.ts says why (lazy code shares this module).
import { TransactionFailedError as TransactionFailedErrorOf } from "../transaction-failed-error.js";

/** See {@link TransactionFailedErrorOf}. */
export const TransactionFailedError = TransactionFailedErrorOf;
/** See {@link TransactionFailedErrorOf}. */
export type TransactionFailedError = TransactionFailedErrorOf;
