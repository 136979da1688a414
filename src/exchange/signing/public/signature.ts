// Bound for the entry, one file per module bound: ../index.ts says why.
import { parseSignature as parseSignatureOf } from "../signature.js";

/** Splits a 65-byte hex signature into `{ r, s, v }` (see {@link parseSignatureOf}). */
export const parseSignature = parseSignatureOf;
