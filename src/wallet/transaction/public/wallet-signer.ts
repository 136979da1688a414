// Bound for the entry, one file per module bound: ../index.ts says why.
import {
  addressOfPublicKey as addressOfPublicKeyOf,
  privateKeySigner as privateKeySignerOf,
} from "../wallet-signer.js";

/** The TRON address of an uncompressed public key (see {@link addressOfPublicKeyOf}). */
export const addressOfPublicKey = addressOfPublicKeyOf;
/** A wallet signer backed by a private key (see {@link privateKeySignerOf}). */
export const privateKeySigner = privateKeySignerOf;
