// Bound for the entries: src/runtime/errors/index.ts says why (lazy code shares this module).
import { Secret as SecretOf } from "../secret.js";

/** See {@link SecretOf}. */
export const Secret = SecretOf;
/** See {@link SecretOf}. */
export type Secret = SecretOf;
