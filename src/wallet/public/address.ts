// Bound for the entries: src/runtime/errors/index.ts says why (lazy code shares this module).
import {
  isBase58Address as isBase58AddressOf,
  isHexAddress as isHexAddressOf,
  toBase58Address as toBase58AddressOf,
  toHexAddress as toHexAddressOf,
} from "../address.js";

/** See {@link isBase58AddressOf}. */
export const isBase58Address = isBase58AddressOf;

/** See {@link isHexAddressOf}. */
export const isHexAddress = isHexAddressOf;

/** See {@link toBase58AddressOf}. */
export const toBase58Address = toBase58AddressOf;

/** See {@link toHexAddressOf}. */
export const toHexAddress = toHexAddressOf;
