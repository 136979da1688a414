// Bound for the entry, one file per module bound: ../index.ts says why.
import { verifyReceiptsRoot as verifyReceiptsRootOf } from "../receipts-root.js";

/** Checks a block's receipts against its `receiptsRoot` (see {@link verifyReceiptsRootOf}). */
export const verifyReceiptsRoot = verifyReceiptsRootOf;
