// Bound for the entries: src/runtime/errors/index.ts says why (lazy code shares this module).
import { nodeAccess as nodeAccessOf } from "../node-access.js";

/** See {@link nodeAccessOf}. */
export const nodeAccess = nodeAccessOf;
