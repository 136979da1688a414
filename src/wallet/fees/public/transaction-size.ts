// Bound for the entry, as src/wallet/transaction/index.ts explains: the fee estimator loads the same
// module on first use, so a re-export would put it among the entry's static imports.
import { transactionBandwidth as transactionBandwidthOf } from "../transaction-size.js";

/** The bandwidth a transaction uses, in bytes, as java-tron counts it (see {@link transactionBandwidthOf}). */
export const transactionBandwidth = transactionBandwidthOf;
