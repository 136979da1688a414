// Bound for the entries, one file per class: src/runtime/errors/index.ts says why.
import { SubscriptionError as SubscriptionErrorClass } from "../subscription-error.js";

/** See {@link SubscriptionErrorClass}. */
export const SubscriptionError = SubscriptionErrorClass;
/** See {@link SubscriptionErrorClass}. */
export type SubscriptionError = SubscriptionErrorClass;
