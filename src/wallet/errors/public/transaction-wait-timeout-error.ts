// Bound for the entries: src/runtime/errors/index.ts says why (lazy code shares this module).
import { TransactionWaitTimeoutError as TransactionWaitTimeoutErrorOf } from "../transaction-wait-timeout-error.js";

/** See {@link TransactionWaitTimeoutErrorOf}. */
export const TransactionWaitTimeoutError = TransactionWaitTimeoutErrorOf;
/** See {@link TransactionWaitTimeoutErrorOf}. */
export type TransactionWaitTimeoutError = TransactionWaitTimeoutErrorOf;
