// Bound for the entries: src/runtime/errors/index.ts says why (lazy code shares this module).
import { WalletSignerError as WalletSignerErrorOf } from "../wallet-signer-error.js";

/** See {@link WalletSignerErrorOf}. */
export const WalletSignerError = WalletSignerErrorOf;
/** See {@link WalletSignerErrorOf}. */
export type WalletSignerError = WalletSignerErrorOf;
