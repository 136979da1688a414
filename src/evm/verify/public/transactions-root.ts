// Bound for the entry, one file per module bound: ../index.ts says why.
import { verifyTransactionsRoot as verifyTransactionsRootOf } from "../transactions-root.js";

/** Checks a block's transactions against its `transactionsRoot` (see {@link verifyTransactionsRootOf}). */
export const verifyTransactionsRoot = verifyTransactionsRootOf;
