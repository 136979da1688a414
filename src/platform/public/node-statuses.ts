// Bound for the entries: src/runtime/errors/index.ts says why (lazy code shares this module).
import { isNodeStatus as isNodeStatusOf, NODE_STATUSES as NODE_STATUSESOf } from "../node-statuses.js";

/** See {@link NODE_STATUSESOf}. */
export const NODE_STATUSES = NODE_STATUSESOf;

/** See {@link isNodeStatusOf}. */
export const isNodeStatus = isNodeStatusOf;
