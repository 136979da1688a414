// Bound for the entries: src/runtime/errors/index.ts says why (lazy code shares this module).
import {
  toFriendlyAddress as toFriendlyAddressOf,
  toRawAddress as toRawAddressOf,
} from "../format-ton-address.js";

/** See {@link toFriendlyAddressOf}. */
export const toFriendlyAddress = toFriendlyAddressOf;

/** See {@link toRawAddressOf}. */
export const toRawAddress = toRawAddressOf;
