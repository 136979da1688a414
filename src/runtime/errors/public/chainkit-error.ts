// Bound for the entries, one file per class: ../index.ts says why.
import { ChainkitError as ChainkitErrorClass } from "../chainkit-error.js";

/** See {@link ChainkitErrorClass}. */
export const ChainkitError = ChainkitErrorClass;
/** See {@link ChainkitErrorClass}. */
export type ChainkitError = ChainkitErrorClass;
