// Bound for the entry, one file per module bound: ../index.ts says why.
import {
  encodeTransaction as encodeTransactionOf,
  verifyTransactionHash as verifyTransactionHashOf,
} from "../transaction-hash.js";

/** Encodes a signed transaction the way blocks commit to it (see {@link encodeTransactionOf}). */
export const encodeTransaction = encodeTransactionOf;
/** Recomputes a transaction's hash from its signed fields (see {@link verifyTransactionHashOf}). */
export const verifyTransactionHash = verifyTransactionHashOf;
