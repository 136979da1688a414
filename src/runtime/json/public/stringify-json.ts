// Bound for the entries: src/runtime/errors/index.ts says why (lazy code shares this module).
import { stringifyJson as stringifyJsonOf } from "../stringify-json.js";

/** See {@link stringifyJsonOf}. */
export const stringifyJson = stringifyJsonOf;
