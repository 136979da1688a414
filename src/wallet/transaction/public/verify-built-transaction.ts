// Bound for the entry, one file per module bound: ../index.ts says why.
import { verifyBuiltTransaction as verifyBuiltTransactionOf } from "../verify-built-transaction.js";

/** Checks a transaction the node built against what was asked (see {@link verifyBuiltTransactionOf}). */
export const verifyBuiltTransaction = verifyBuiltTransactionOf;
