// Bound for the entries: src/runtime/errors/index.ts says why (lazy code shares this module).
import { NodeWaitTimeoutError as NodeWaitTimeoutErrorOf } from "../node-wait-timeout-error.js";

/** See {@link NodeWaitTimeoutErrorOf}. */
export const NodeWaitTimeoutError = NodeWaitTimeoutErrorOf;
/** See {@link NodeWaitTimeoutErrorOf}. */
export type NodeWaitTimeoutError = NodeWaitTimeoutErrorOf;
