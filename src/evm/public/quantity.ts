// Bound for the entry: the client's call path uses the same module (src/runtime/errors/index.ts says why).
import { hexToBigInt as hexToBigIntOf, toHex as toHexOf } from "../quantity.js";

/** A hex quantity as a bigint (see {@link hexToBigIntOf}). */
export const hexToBigInt = hexToBigIntOf;
/** A whole number as a hex quantity (see {@link toHexOf}). */
export const toHex = toHexOf;
