// Bound for the entries: src/runtime/errors/index.ts says why (lazy code shares this module).
import { GetMethodError as GetMethodErrorOf } from "../get-method-error.js";

/** See {@link GetMethodErrorOf}. */
export const GetMethodError = GetMethodErrorOf;
/** See {@link GetMethodErrorOf}. */
export type GetMethodError = GetMethodErrorOf;
