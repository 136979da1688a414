// Bound for the entry: the exchange client imports info-client.ts on its first order, so the entry
// binds the name here rather than re-exporting the module (signing/index.ts says why).
import { createInfoClient as createInfoClientOf } from "../info-client.js";

/** A client for `/info` (see {@link createInfoClientOf}). */
export const createInfoClient = createInfoClientOf;
