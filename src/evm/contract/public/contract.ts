// Bound for the entries: src/runtime/errors/index.ts says why (lazy code shares this module).
import { contract as contractOf } from "../contract.js";

/** See {@link contractOf}. */
export const contract = contractOf;
