// Bound for the entry: the exchange client imports nonce-source.ts (through nonce-manager.ts) on its
// first action, so the entry binds the names here rather than re-exporting the module
// (signing/index.ts says why).
import { partitionedNonces as partitionedNoncesOf, timeNonces as timeNoncesOf } from "../nonce-source.js";

/** Nonces from the clock, one slot of `count` for process `index` (see {@link partitionedNoncesOf}). */
export const partitionedNonces = partitionedNoncesOf;
/** Nonces from the clock, each above the last (see {@link timeNoncesOf}). */
export const timeNonces = timeNoncesOf;
