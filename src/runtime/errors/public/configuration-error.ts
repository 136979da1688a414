// Bound for the entries, one file per class: ../index.ts says why.
import { ConfigurationError as ConfigurationErrorClass } from "../configuration-error.js";

/** See {@link ConfigurationErrorClass}. */
export const ConfigurationError = ConfigurationErrorClass;
/** See {@link ConfigurationErrorClass}. */
export type ConfigurationError = ConfigurationErrorClass;
