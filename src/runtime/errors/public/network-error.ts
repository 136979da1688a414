// Bound for the entries, one file per class: ../index.ts says why.
import { NetworkError as NetworkErrorClass } from "../network-error.js";

/** See {@link NetworkErrorClass}. */
export const NetworkError = NetworkErrorClass;
/** See {@link NetworkErrorClass}. */
export type NetworkError = NetworkErrorClass;
