// Bound for the entry, one file per module bound: ../index.ts says why.
import { EMPTY_CODE_HASH as EMPTY_CODE_HASH_VALUE, verifyProof as verifyProofOf } from "../verify-proof.js";

/** Verifies an `eth_getProof` answer against a state root (see {@link verifyProofOf}). */
export const verifyProof = verifyProofOf;
/** keccak of no bytes: the code hash of an account without code. */
export const EMPTY_CODE_HASH: Uint8Array = EMPTY_CODE_HASH_VALUE;
