// Bound for the entries: src/runtime/errors/index.ts says why (lazy code shares this module).
import { parseJson as parseJsonOf } from "../parse-json.js";

/** See {@link parseJsonOf}. */
export const parseJson = parseJsonOf;
