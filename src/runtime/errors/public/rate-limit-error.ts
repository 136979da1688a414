// Bound for the entries, one file per class: ../index.ts says why.
import { RateLimitError as RateLimitErrorClass } from "../rate-limit-error.js";

/** See {@link RateLimitErrorClass}. */
export const RateLimitError = RateLimitErrorClass;
/** See {@link RateLimitErrorClass}. */
export type RateLimitError = RateLimitErrorClass;
