// Bound for the entry, one file per module bound: ../index.ts says why.
import { recoverSignerAddress as recoverSignerAddressOf } from "../recover-signer.js";

/** The address that signed a transaction id (see {@link recoverSignerAddressOf}). */
export const recoverSignerAddress = recoverSignerAddressOf;
