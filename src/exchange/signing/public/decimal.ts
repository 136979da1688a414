// Bound for the entry, one file per module bound: ../index.ts says why.
import { normalizeDecimal as normalizeDecimalOf, numberToDecimal as numberToDecimalOf } from "../decimal.js";

/** A decimal string in the form the exchange signs (see {@link normalizeDecimalOf}). */
export const normalizeDecimal = normalizeDecimalOf;
/** A number as the exchange's decimal string, when it is exact (see {@link numberToDecimalOf}). */
export const numberToDecimal = numberToDecimalOf;
