import { ResponseValidationError } from "../errors/response-validation-error.js";
import type { CallOptions, PageNumberPagingDescriptor } from "../operation.js";
import { pageItems, pagingCount } from "./page-items.js";
import { RecentItems } from "./recent-items.js";

/**
 * Pages in a row that bring no new item while `next` still points on, after which paging stops:
 * a server that ignores `page`, or sends its pages in a cycle (A, B, A, B…), would otherwise be
 * read forever.
 */
const MAX_REPEATED_PAGES = 3;

/** How a list iterator that pages by number (`platform.nodes()`, `platform.projects()`, …) pages. */
export interface PageNumberOptions {
  /** Stop after this many items (default: every matching item). */
  max?: number;
  /** Stops the iteration and aborts the request under way. */
  signal?: AbortSignal;
}

/** One list paged by number: its operation id (for errors), how it pages, and one request for one page. */
export interface PageNumberList<Q> {
  operation: string;
  paging: PageNumberPagingDescriptor;
  fetchPage(query: Q & { page: number }, options: CallOptions): Promise<unknown>;
}

/**
 * Yields every item of a list that pages by number (`page` from 1, `{count, next, previous,
 * results}` answers), one request per page, until `next` is `null`, a page comes back empty, or `max`
 * items were yielded.
 *
 * An item created between two requests pushes the others one place on, so the first item of a page
 * may be the last of the one before: an item equal to one of the last 10,000 yielded (by its key
 * fields, or by its content when one is missing) is skipped, so none is yielded twice; none is lost
 * either, since arrivals only push items to later pages. Memory stays bounded however long the list.
 *
 * @param list - The operation, its paging facts and a function fetching one page.
 * @param filter - The query without paging; a `page` in it is the first page to read.
 * @param options - Bound and abort signal.
 * @returns An async generator of the items, in the order the service sends them.
 * @throws {RequestValidationError} before any request when `max` or the filter's `page` is not a whole
 *   number in range (`page` at least 1, `max` at least 0).
 * @throws {ResponseValidationError} when an answer has no list where the spec puts it, or several pages
 *   in a row bring no new item while naming a next page (a server that ignores `page` or cycles).
 * @example
 * const { paging } = platformOperations.listNodes;
 * if (paging?.mode === "page") {
 *   const list = { operation: "listNodes", paging, fetchPage: (query: ListNodesQuery) => platform.listNodes(query) };
 *   for await (const node of pageNumberPages<ListNodesQuery, Node>(list, { status: "running" })) console.log(node.id);
 * }
 */
export async function* pageNumberPages<Q extends object, I>(
  list: PageNumberList<Q>,
  filter: Q,
  options: PageNumberOptions = {},
): AsyncGenerator<I, void, undefined> {
  const { operation, paging } = list;
  const { page: firstPage, ...rest } = filter as Q & { page?: unknown };
  const max = pagingCount(operation, options.max ?? Number.POSITIVE_INFINITY, "/options/max", 0);
  let page = pagingCount(operation, firstPage ?? 1, "/filter/page", 1);
  const recent = new RecentItems(paging.key);
  let repeatedPages = 0;
  let yielded = 0;

  while (yielded < max) {
    const answer = await list.fetchPage({ ...rest, page } as Q & { page: number }, {
      signal: options.signal,
    });
    const items = pageItems(answer, paging.items, operation);
    let fresh = 0;
    for (const item of items) {
      const isNew = recent.add(item);
      if (!(typeof isNew === "boolean" ? isNew : await isNew)) continue;
      fresh++;
      yield item as I;
      yielded++;
      if (yielded >= max) return;
    }
    const next = (answer as { next?: unknown }).next;
    if (items.length === 0 || next === null || next === undefined) return;
    repeatedPages = fresh === 0 ? repeatedPages + 1 : 0;
    if (repeatedPages >= MAX_REPEATED_PAGES) {
      throw new ResponseValidationError(operation, 200, [
        {
          pointer: `/${paging.items}`,
          message: `repeated ${repeatedPages} pages in a row: the service may ignore page or send its pages in a cycle`,
        },
      ]);
    }
    page += 1;
  }
}
