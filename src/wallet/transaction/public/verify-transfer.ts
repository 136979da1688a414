// Bound for the entry, one file per module bound: ../index.ts says why.
import {
  transferExpectation as transferExpectationOf,
  verifyTransfer as verifyTransferOf,
} from "../verify-transfer.js";

/** What a transfer's built transaction must hold (see {@link transferExpectationOf}). */
export const transferExpectation = transferExpectationOf;
/** Checks a built transfer against the intent (see {@link verifyTransferOf}). */
export const verifyTransfer = verifyTransferOf;
