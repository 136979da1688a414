// Bound for the entries: src/runtime/errors/index.ts says why (lazy code shares this module).
import { convertAddress as convertAddressOf } from "../request-address.js";

/** See {@link convertAddressOf}. */
export const convertAddress = convertAddressOf;
