// Bound for the entries: src/runtime/errors/index.ts says why (lazy code shares this module).
import {
  DEFAULT_FEE_LIMIT as DEFAULT_FEE_LIMITOf,
  DEFAULT_MAX_FEE_LIMIT as DEFAULT_MAX_FEE_LIMITOf,
} from "../fee-limits.js";

/** See {@link DEFAULT_FEE_LIMITOf}. */
export const DEFAULT_FEE_LIMIT = DEFAULT_FEE_LIMITOf;

/** See {@link DEFAULT_MAX_FEE_LIMITOf}. */
export const DEFAULT_MAX_FEE_LIMIT = DEFAULT_MAX_FEE_LIMITOf;
