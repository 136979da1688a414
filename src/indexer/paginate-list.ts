import { ResponseValidationError } from "../runtime/errors/response-validation-error.js";
import type { CallOptions, PagingDescriptor } from "../runtime/operation.js";
import { pageItems, pagingCount } from "../runtime/paging/page-items.js";
import { RecentItems } from "../runtime/paging/recent-items.js";

/**
 * Full pages in a row with no new item after which paging stops: a server that ignores `offset`
 * would otherwise answer the same page forever. A page's worth of arrivals between two requests
 * can repeat one page legitimately, but not this many in a row.
 */
const MAX_REPEATED_PAGES = 3;

/** How a list iterator (`indexer.transactions()`, `indexer.actions()`, …) pages. */
export interface PagingOptions {
  /** Items asked per request (default and maximum: the list's limit, 1000 on this indexer; larger values are lowered). */
  pageSize?: number;
  /** Stop after this many items (default: the filter's `limit`, else every matching item). */
  max?: number;
  /** Stops the iteration and aborts the request under way. */
  signal?: AbortSignal;
}

/** One paged list: its operation id (for errors), how it pages, and one request for one page. */
export interface PagedList<Q> {
  operation: string;
  paging: PagingDescriptor;
  fetchPage(query: Q, options: CallOptions): Promise<unknown>;
}

/**
 * Yields every item of a paged list matching `filter`, one request per page of `limit`/`offset`,
 * until a page comes back short or `max` items were yielded. Where the items sit in an answer and
 * which fields identify one come from the spec (`x-paging`), so every list pages the same way.
 *
 * Offsets shift when new items arrive between two requests (newest-first order), which would show
 * an item twice: an item equal to one of the last 10,000 yielded (by its key
 * fields, or by its content when a key field is null) is skipped, so none is repeated while fewer
 * than that many items arrive between two requests; none is lost either, since arrivals only push
 * older items to later offsets. Memory stays bounded however many items the list has.
 *
 * @param list - The operation, its paging facts and a function fetching one page.
 * @param filter - The query without paging; a `limit` in it is read as the default `max`, an
 *   `offset` as the starting offset.
 * @param options - Page size, bound and abort signal.
 * @returns An async generator of the items, in the order the service sends them.
 * @throws {RequestValidationError} before any request when `pageSize`, `max` or the filter's
 *   `limit`/`offset` is not a whole number in range (`pageSize` at least 1, the others at least 0).
 * @throws {ResponseValidationError} when an answer has no list where the spec puts it, or several
 *   full pages in a row bring no new item (a server that ignores `offset`).
 * @example
 * const { paging } = indexerOperations.getTransactions;
 * const fetchPage = (query: GetTransactionsQuery) => indexer.getTransactions(query);
 * if (paging && paging.mode !== "page") {
 *   const pages = paginateList<GetTransactionsQuery, Transaction>({ operation: "getTransactions", paging, fetchPage }, { account }, { max: 5000 });
 *   for await (const transaction of pages) console.log(transaction.hash);
 * }
 */
export async function* paginateList<Q extends object, I>(
  list: PagedList<Q>,
  filter: Q,
  options: PagingOptions = {},
): AsyncGenerator<I, void, undefined> {
  const { operation, paging } = list;
  const { limit, offset: startOffset, ...rest } = filter as Q & { limit?: unknown; offset?: unknown };
  const pageSize = Math.min(
    pagingCount(operation, options.pageSize ?? paging.maxLimit, "/options/pageSize", 1),
    paging.maxLimit,
  );
  const max =
    options.max !== undefined
      ? pagingCount(operation, options.max, "/options/max", 0)
      : pagingCount(operation, limit ?? Number.POSITIVE_INFINITY, "/filter/limit", 0);
  let offset = pagingCount(operation, startOffset ?? 0, "/filter/offset", 0);
  const recent = new RecentItems(paging.key);
  let yielded = 0;
  let repeatedPages = 0;

  while (yielded < max) {
    const ask = Math.min(pageSize, max - yielded);
    const page = await list.fetchPage({ ...rest, limit: ask, offset } as Q, { signal: options.signal });
    const items = pageItems(page, paging.items, operation);
    const before = yielded;
    for (const item of items) {
      const fresh = recent.add(item);
      if (!(typeof fresh === "boolean" ? fresh : await fresh)) continue;
      yield item as I;
      yielded++;
      if (yielded >= max) return;
    }
    if (items.length < ask) return;
    repeatedPages = yielded === before ? repeatedPages + 1 : 0;
    if (repeatedPages >= MAX_REPEATED_PAGES) {
      throw new ResponseValidationError(operation, 200, [
        {
          pointer: `/${paging.items}`,
          message: `repeated ${repeatedPages} full pages in a row: the indexer may ignore offset`,
        },
      ]);
    }
    offset += items.length;
  }
}
