// Bound for the entries, one file per class: ../index.ts says why.
import { MissingPeerError as MissingPeerErrorClass } from "../missing-peer-error.js";

/** See {@link MissingPeerErrorClass}. */
export const MissingPeerError = MissingPeerErrorClass;
/** See {@link MissingPeerErrorClass}. */
export type MissingPeerError = MissingPeerErrorClass;
