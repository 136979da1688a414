// Bound for the entry, one file per module bound: ../index.ts says why.
import { encodeHeader as encodeHeaderOf, verifyBlockHash as verifyBlockHashOf } from "../block-hash.js";

/** RLP-encodes a block header in the layout its fields imply (see {@link encodeHeaderOf}). */
export const encodeHeader = encodeHeaderOf;
/** Recomputes a block's hash and checks it against the `hash` the node sent (see {@link verifyBlockHashOf}). */
export const verifyBlockHash = verifyBlockHashOf;
