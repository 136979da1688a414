// Bound for the entry: the exchange client imports nonce-manager.ts on its first action, so the
// entry binds the names here rather than re-exporting the module (signing/index.ts says why).
import {
  createNonceManager as createNonceManagerOf,
  nonceManagerFor as nonceManagerForOf,
} from "../nonce-manager.js";

/** A nonce queue of one signer (see {@link createNonceManagerOf}). */
export const createNonceManager = createNonceManagerOf;
/** The nonce queue this process keeps for an address (see {@link nonceManagerForOf}). */
export const nonceManagerFor = nonceManagerForOf;
