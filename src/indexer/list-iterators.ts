import type { IndexerOperations } from "../../generated/indexer/index.js";
import type { PagingOptions } from "./paginate-list.js";

/** The first argument of an operation (its query, for list operations). */
type QueryOf<F> = F extends (...args: infer A) => unknown ? NonNullable<A[0]> : never;

/** The operations whose query pages with `offset` (the spec marks each with `x-paging`). */
export type PagedOperationId = {
  [Id in keyof IndexerOperations]: "offset" extends keyof QueryOf<IndexerOperations[Id]> ? Id : never;
}[keyof IndexerOperations];

/** The element type of the answer's list (the one array property of a list answer). */
type ItemOf<R> = { [K in keyof R]-?: NonNullable<R[K]> extends readonly (infer I)[] ? I : never }[keyof R];

/** `getJettonTransfers` → `jettonTransfers`. */
export type IteratorName<Id extends string> = Id extends `get${infer Rest}` ? Uncapitalize<Rest> : never;

/**
 * One async iterator per list operation, named after the endpoint (`transactions`, `messages`,
 * `traces`, `actions`, `jettonTransfers`, `nftItems`, `blocks`, …). Each takes the operation's query
 * as its filter and yields the list's items across every page.
 */
export type IndexerListIterators = {
  [Id in PagedOperationId as IteratorName<Id>]: (
    filter?: QueryOf<IndexerOperations[Id]>,
    options?: PagingOptions,
  ) => AsyncGenerator<ItemOf<Awaited<ReturnType<IndexerOperations[Id]>>>, void, undefined>;
};

/**
 * The iterator name of a list operation: its operationId without the `get` prefix.
 *
 * @param operationId - E.g. `getJettonTransfers`.
 * @returns E.g. `jettonTransfers`.
 * @example
 * iteratorName("getTransactions"); // "transactions"
 */
export function iteratorName(operationId: string): string {
  const rest = operationId.replace(/^get/, "");
  return rest.charAt(0).toLowerCase() + rest.slice(1);
}
