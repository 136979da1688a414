// Bound for the entries, one file per class: ../index.ts says why.
import { StreamItemError as StreamItemErrorClass } from "../stream-item-error.js";

/** See {@link StreamItemErrorClass}. */
export const StreamItemError = StreamItemErrorClass;
/** See {@link StreamItemErrorClass}. */
export type StreamItemError = StreamItemErrorClass;
