// Bound for the entries: src/runtime/errors/index.ts says why (lazy code shares this module).
import { ChainReorgError as ChainReorgErrorOf } from "../chain-reorg-error.js";

/** See {@link ChainReorgErrorOf}. */
export const ChainReorgError = ChainReorgErrorOf;
/** See {@link ChainReorgErrorOf}. */
export type ChainReorgError = ChainReorgErrorOf;
