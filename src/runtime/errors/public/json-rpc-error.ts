// Bound for the entries, one file per class: ../index.ts says why.
import { JsonRpcError as JsonRpcErrorClass } from "../json-rpc-error.js";

/** See {@link JsonRpcErrorClass}. */
export const JsonRpcError = JsonRpcErrorClass;
/** See {@link JsonRpcErrorClass}. */
export type JsonRpcError = JsonRpcErrorClass;
