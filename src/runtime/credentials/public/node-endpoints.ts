// Bound for the entries: src/runtime/errors/index.ts says why (lazy code shares this module).
import {
  nodeHttpEndpoint as nodeHttpEndpointOf,
  nodeWebSocketEndpoint as nodeWebSocketEndpointOf,
} from "../node-endpoints.js";

/** See {@link nodeHttpEndpointOf}. */
export const nodeHttpEndpoint = nodeHttpEndpointOf;

/** See {@link nodeWebSocketEndpointOf}. */
export const nodeWebSocketEndpoint = nodeWebSocketEndpointOf;
