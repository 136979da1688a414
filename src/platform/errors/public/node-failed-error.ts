// Bound for the entries: src/runtime/errors/index.ts says why (lazy code shares this module).
import { NodeFailedError as NodeFailedErrorOf } from "../node-failed-error.js";

/** See {@link NodeFailedErrorOf}. */
export const NodeFailedError = NodeFailedErrorOf;
/** See {@link NodeFailedErrorOf}. */
export type NodeFailedError = NodeFailedErrorOf;
