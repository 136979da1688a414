import type { EvmMethodMap, EvmMethodName } from "../../../generated/evm/index.js";
import type { ChainkitError } from "../../runtime/errors/chainkit-error.js";

/** One call of an EVM batch: a method of the spec and its params tuple. */
export type EvmBatchCall = {
  [M in EvmMethodName]: { method: M; params: EvmMethodMap[M]["params"] };
}[EvmMethodName];

/** The outcome of one batch entry: its typed result, or the error that replaced it. */
export type EvmBatchOutcome<R> = { result: R } | { error: ChainkitError };

/** The outcomes of a batch, entry by entry, each typed by its call's method. */
export type EvmBatchOutcomes<C extends readonly EvmBatchCall[]> = {
  -readonly [K in keyof C]: C[K] extends { method: infer M extends EvmMethodName }
    ? EvmBatchOutcome<EvmMethodMap[M]["result"]>
    : never;
};
