// Bound for the entries: src/runtime/errors/index.ts says why (lazy code shares this module).
import {
  isTonAddress as isTonAddressOf,
  parseTonAddress as parseTonAddressOf,
} from "../parse-ton-address.js";

/** See {@link isTonAddressOf}. */
export const isTonAddress = isTonAddressOf;

/** See {@link parseTonAddressOf}. */
export const parseTonAddress = parseTonAddressOf;
