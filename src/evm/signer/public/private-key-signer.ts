// Bound for the entries: src/runtime/errors/index.ts says why (lazy code shares this module).
import { privateKeySigner as privateKeySignerOf } from "../private-key-signer.js";

/** See {@link privateKeySignerOf}. */
export const privateKeySigner = privateKeySignerOf;
