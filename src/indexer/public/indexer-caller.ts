// Bound for the entries: src/runtime/errors/index.ts says why (lazy code shares this module).
import { DEFAULT_ACTIONS_LIMIT as DEFAULT_ACTIONS_LIMITOf } from "../indexer-caller.js";

/** See {@link DEFAULT_ACTIONS_LIMITOf}. */
export const DEFAULT_ACTIONS_LIMIT = DEFAULT_ACTIONS_LIMITOf;
