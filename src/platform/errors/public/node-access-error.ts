// Bound for the entries: src/runtime/errors/index.ts says why (lazy code shares this module).
import { NodeAccessError as NodeAccessErrorOf } from "../node-access-error.js";

/** See {@link NodeAccessErrorOf}. */
export const NodeAccessError = NodeAccessErrorOf;
/** See {@link NodeAccessErrorOf}. */
export type NodeAccessError = NodeAccessErrorOf;
