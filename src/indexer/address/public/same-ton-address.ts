// Bound for the entries: src/runtime/errors/index.ts says why (lazy code shares this module).
import { sameTonAddress as sameTonAddressOf } from "../same-ton-address.js";

/** See {@link sameTonAddressOf}. */
export const sameTonAddress = sameTonAddressOf;
