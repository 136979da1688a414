// Bound for the entries: src/runtime/errors/index.ts says why (lazy code shares this module).
import { BroadcastError as BroadcastErrorOf } from "../broadcast-error.js";

/** See {@link BroadcastErrorOf}. */
export const BroadcastError = BroadcastErrorOf;
/** See {@link BroadcastErrorOf}. */
export type BroadcastError = BroadcastErrorOf;
