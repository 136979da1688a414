// Bound for the entries: src/runtime/errors/index.ts says why (lazy code shares this module).
import { DEFAULT_MAX_RESPONSE_BYTES as DEFAULT_MAX_RESPONSE_BYTESOf } from "../max-response-bytes.js";

/** See {@link DEFAULT_MAX_RESPONSE_BYTESOf}. */
export const DEFAULT_MAX_RESPONSE_BYTES = DEFAULT_MAX_RESPONSE_BYTESOf;
