// Bound for the entries: src/runtime/errors/index.ts says why (lazy code shares this module).
import { ContractCallError as ContractCallErrorOf } from "../contract-call-error.js";

/** See {@link ContractCallErrorOf}. */
export const ContractCallError = ContractCallErrorOf;
/** See {@link ContractCallErrorOf}. */
export type ContractCallError = ContractCallErrorOf;
