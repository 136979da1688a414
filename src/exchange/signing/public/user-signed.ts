// Bound for the entry, one file per module bound: ../index.ts says why.
import {
  signUserSignedAction as signUserSignedActionOf,
  USER_SIGNED_TYPES as USER_SIGNED_TYPES_VALUE,
  userSignedTypedData as userSignedTypedDataOf,
} from "../user-signed.js";

/** Signs a user-signed action: transfers, withdrawals, account settings (see {@link signUserSignedActionOf}). */
export const signUserSignedAction = signUserSignedActionOf;
/** The EIP-712 types of each user-signed action. */
export const USER_SIGNED_TYPES: typeof USER_SIGNED_TYPES_VALUE = USER_SIGNED_TYPES_VALUE;
/** The typed data a user-signed action's signature covers (see {@link userSignedTypedDataOf}). */
export const userSignedTypedData = userSignedTypedDataOf;
