// Bound for the entries: src/runtime/errors/index.ts says why (lazy code shares this module).
import { userFriendlyAddress as userFriendlyAddressOf } from "../user-friendly-address.js";

/** See {@link userFriendlyAddressOf}. */
export const userFriendlyAddress = userFriendlyAddressOf;
