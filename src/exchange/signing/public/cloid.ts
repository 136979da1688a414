// Bound for the entry, one file per module bound: ../index.ts says why.
import { isCloid as isCloidOf, normalizeCloid as normalizeCloidOf } from "../cloid.js";

/** Whether a value is a client order id: `0x` + 32 hex digits (see {@link isCloidOf}). */
export const isCloid = isCloidOf;
/** A client order id in the lower case the exchange signs (see {@link normalizeCloidOf}). */
export const normalizeCloid = normalizeCloidOf;
