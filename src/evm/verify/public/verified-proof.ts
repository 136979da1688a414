// Bound for the entry, one file per module bound: ../index.ts says why.
import { getVerifiedProof as getVerifiedProofOf } from "../verified-proof.js";

/** Fetches and verifies an account and storage slots at the chain head (see {@link getVerifiedProofOf}). */
export const getVerifiedProof = getVerifiedProofOf;
