// Bound for the entries: src/runtime/errors/index.ts says why (lazy code shares this module).
import {
  BIG_BLOCK_GAS_LIMIT as BIG_BLOCK_GAS_LIMITOf,
  LOG_WINDOW_BLOCKS as LOG_WINDOW_BLOCKSOf,
  MEMPOOL_NONCE_WINDOW as MEMPOOL_NONCE_WINDOWOf,
  SMALL_BLOCK_GAS_LIMIT as SMALL_BLOCK_GAS_LIMITOf,
} from "../limits.js";

/** See {@link BIG_BLOCK_GAS_LIMITOf}. */
export const BIG_BLOCK_GAS_LIMIT = BIG_BLOCK_GAS_LIMITOf;

/** See {@link LOG_WINDOW_BLOCKSOf}. */
export const LOG_WINDOW_BLOCKS = LOG_WINDOW_BLOCKSOf;

/** See {@link MEMPOOL_NONCE_WINDOWOf}. */
export const MEMPOOL_NONCE_WINDOW = MEMPOOL_NONCE_WINDOWOf;

/** See {@link SMALL_BLOCK_GAS_LIMITOf}. */
export const SMALL_BLOCK_GAS_LIMIT = SMALL_BLOCK_GAS_LIMITOf;
