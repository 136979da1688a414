// Bound for the entry, one file per module bound: ../index.ts says why.
import { encodeReceipt as encodeReceiptOf } from "../receipt-encoding.js";

/** Encodes a receipt the way blocks commit to it (see {@link encodeReceiptOf}). */
export const encodeReceipt = encodeReceiptOf;
