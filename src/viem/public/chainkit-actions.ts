// Bound for the entries: src/runtime/errors/index.ts says why (lazy code shares this module).
import { chainkitActions as chainkitActionsOf } from "../chainkit-actions.js";

/** See {@link chainkitActionsOf}. */
export const chainkitActions = chainkitActionsOf;
