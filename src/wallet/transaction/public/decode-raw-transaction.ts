// Bound for the entry, one file per module bound: ../index.ts says why.
import {
  decodeRawTransaction as decodeRawTransactionOf,
  decodeTransferValue as decodeTransferValueOf,
} from "../decode-raw-transaction.js";

/** Decodes a transaction's `raw_data_hex` (see {@link decodeRawTransactionOf}). */
export const decodeRawTransaction = decodeRawTransactionOf;
/** Decodes a transfer contract's value bytes (see {@link decodeTransferValueOf}). */
export const decodeTransferValue = decodeTransferValueOf;
