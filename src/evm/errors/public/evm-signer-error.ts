// Bound for the entries, one file per class: src/runtime/errors/index.ts says why.
import { EvmSignerError as EvmSignerErrorClass } from "../evm-signer-error.js";

/** See {@link EvmSignerErrorClass}. */
export const EvmSignerError = EvmSignerErrorClass;
/** See {@link EvmSignerErrorClass}. */
export type EvmSignerError = EvmSignerErrorClass;
