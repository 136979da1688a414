/** One page of a list, DRF page-number style, as every platform list answers. */
export interface ListPage<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** A page of a list, or the number of a page past its end (the service answers 404 "Invalid page."). */
export type PageResult<T> = { ok: true; page: ListPage<T> } | { ok: false; page: number };

/**
 * Cuts page `query.page` (from 1) of `pageSize` items out of an already filtered and ordered list,
 * with absolute `next`/`previous` links that keep the query's other parameters, as the service's
 * links do.
 *
 * @param items - Every matching item, in order.
 * @param query - The validated query (its `page` picks the page; the rest goes into the links).
 * @param pageSize - Items per page.
 * @param selfUrl - The list's own URL (scheme, host and path), for the links.
 * @returns The page, or the number of a page past the end.
 * @example
 * listPage(["a", "b", "c"], { page: 2 }, 2, "http://127.0.0.1:4000/v1/projects/");
 * // { ok: true, page: { count: 3, next: null, previous: "http://127.0.0.1:4000/v1/projects/", results: ["c"] } }
 */
export function listPage<T>(
  items: readonly T[],
  query: { readonly page?: number },
  pageSize: number,
  selfUrl: string,
): PageResult<T> {
  const page = query.page ?? 1;
  const pages = Math.max(1, Math.ceil(items.length / pageSize));
  if (page > pages) return { ok: false, page };
  const link = (target: number) => {
    const url = new URL(selfUrl);
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && key !== "page") url.searchParams.set(key, String(value));
    }
    if (target > 1) url.searchParams.set("page", String(target));
    return url.toString();
  };
  return {
    ok: true,
    page: {
      count: items.length,
      next: page < pages ? link(page + 1) : null,
      previous: page > 1 ? link(page - 1) : null,
      results: items.slice((page - 1) * pageSize, page * pageSize),
    },
  };
}

/**
 * Orders by `name` or `created_at` as `order_by` says (`-` first for descending; default
 * `created_at`), ties broken by id so pages never overlap.
 *
 * @param order - The `order_by` query value.
 * @returns A comparator.
 * @example
 * [{ id: "b", name: "x" }, { id: "a", name: "x" }].sort(byOrder("name")); // a first
 */
export function byOrder(
  order: string | undefined,
): (
  a: { id: string; name?: string; created_at?: string },
  b: { id: string; name?: string; created_at?: string },
) => number {
  const descending = order?.startsWith("-") ?? false;
  const key = (order?.replace(/^-/, "") ?? "created_at") as "name" | "created_at";
  return (a, b) => {
    const primary = String(a[key] ?? "").localeCompare(String(b[key] ?? ""));
    const result = primary !== 0 ? primary : a.id.localeCompare(b.id);
    return descending ? -result : result;
  };
}
