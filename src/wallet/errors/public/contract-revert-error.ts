// Bound for the entries: src/runtime/errors/index.ts says why (lazy code shares this module).
import { ContractRevertError as ContractRevertErrorOf } from "../contract-revert-error.js";

/** See {@link ContractRevertErrorOf}. */
export const ContractRevertError = ContractRevertErrorOf;
/** See {@link ContractRevertErrorOf}. */
export type ContractRevertError = ContractRevertErrorOf;
