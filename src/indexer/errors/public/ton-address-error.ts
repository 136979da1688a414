// Bound for the entries: src/runtime/errors/index.ts says why (lazy code shares this module).
import { TonAddressError as TonAddressErrorOf } from "../ton-address-error.js";

/** See {@link TonAddressErrorOf}. */
export const TonAddressError = TonAddressErrorOf;
/** See {@link TonAddressErrorOf}. */
export type TonAddressError = TonAddressErrorOf;
