import { RequestValidationError } from "../runtime/errors/request-validation-error.js";
import { ResponseValidationError } from "../runtime/errors/response-validation-error.js";
import type { CallOptions } from "../runtime/operation.js";

/** The indexer refuses pages larger than this (422 `limit is not allowed: N > 1000`). */
export const MAX_PAGE_SIZE = 1000;

/**
 * Full pages in a row with no new action after which paging stops: a server that ignores
 * `offset` would otherwise answer the same page forever. A page's worth of arrivals between two
 * requests can repeat one page legitimately, but not this many in a row.
 */
const MAX_REPEATED_PAGES = 3;

/** How `actions()` pages. */
export interface ActionPagingOptions {
  /** Actions asked per request (default and maximum 1000; larger values are lowered to 1000). */
  pageSize?: number;
  /** Stop after this many actions (default: the filter's `limit`, else every matching action). */
  max?: number;
  /** Stops the iteration and aborts the request under way. */
  signal?: AbortSignal;
}

/** The part of an action the pager reads. */
interface PagedAction {
  action_id?: unknown;
}

/** The part of an actions page the pager reads. */
interface ActionsPage<A> {
  actions: A[];
}

/**
 * Yields every action matching `filter`, one request per page of `limit`/`offset`, until a page
 * comes back short or `max` actions were yielded.
 *
 * Offsets shift when new actions arrive between two requests (newest-first order), which would
 * show an action twice: actions are de-duplicated by `action_id`, so none is repeated; none is
 * lost either, since arrivals only push older actions to later offsets.
 *
 * @param getActions - One request (the indexer client's `getActions`).
 * @param filter - The query without paging; a `limit` in it is read as the default `max`, an
 *   `offset` as the starting offset.
 * @param options - Page size, bound and abort signal.
 * @throws {ResponseValidationError} when several full pages in a row bring no new action (a server
 *   that ignores `offset` would otherwise be paged forever).
 * @throws {RequestValidationError} before any request when `pageSize`, `max` or the filter's
 *   `limit`/`offset` is not a whole number in range (`pageSize` at least 1, the others at least 0).
 */
export async function* paginateActions<Q extends object, A extends PagedAction>(
  getActions: (query: Q, options: CallOptions) => Promise<ActionsPage<A>>,
  filter: Q,
  options: ActionPagingOptions = {},
): AsyncGenerator<A, void, undefined> {
  const { limit, offset: startOffset, ...rest } = filter as Q & { limit?: unknown; offset?: unknown };
  const pageSize = Math.min(
    checkCount(options.pageSize ?? MAX_PAGE_SIZE, "/options/pageSize", 1),
    MAX_PAGE_SIZE,
  );
  const max =
    options.max !== undefined
      ? checkCount(options.max, "/options/max", 0)
      : checkCount(limit ?? Number.POSITIVE_INFINITY, "/filter/limit", 0);
  let offset = checkCount(startOffset ?? 0, "/filter/offset", 0);
  const seen = new Set<unknown>();
  let yielded = 0;
  let repeatedPages = 0;

  while (yielded < max) {
    const ask = Math.min(pageSize, max - yielded);
    const page = await getActions({ ...rest, limit: ask, offset } as Q, { signal: options.signal });
    const before = yielded;
    for (const action of page.actions) {
      const id = action.action_id;
      if (id !== undefined && seen.has(id)) continue;
      if (id !== undefined) seen.add(id);
      yield action;
      yielded++;
      if (yielded >= max) return;
    }
    if (page.actions.length < ask) return;
    repeatedPages = yielded === before ? repeatedPages + 1 : 0;
    if (repeatedPages >= MAX_REPEATED_PAGES) {
      throw new ResponseValidationError("getActions", 200, [
        {
          pointer: "/actions",
          message: `repeated ${repeatedPages} full pages in a row: the indexer may ignore offset`,
        },
      ]);
    }
    offset += page.actions.length;
  }
}

/** Checks a count before anything is sent; `Infinity` stands for "no bound". */
function checkCount(value: unknown, pointer: string, min: number): number {
  const whole = typeof value === "number" && (Number.isInteger(value) || value === Number.POSITIVE_INFINITY);
  if (!whole || value < min) {
    throw new RequestValidationError("actions", [
      { pointer, message: `must be a whole number of at least ${min}` },
    ]);
  }
  return value;
}
