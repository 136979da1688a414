// Bound for the entries: src/runtime/errors/index.ts says why (lazy code shares this module).
import { WalletEncodingError as WalletEncodingErrorOf } from "../wallet-encoding-error.js";

/** See {@link WalletEncodingErrorOf}. */
export const WalletEncodingError = WalletEncodingErrorOf;
/** See {@link WalletEncodingErrorOf}. */
export type WalletEncodingError = WalletEncodingErrorOf;
