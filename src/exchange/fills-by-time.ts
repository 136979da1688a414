import type { Fill, UserFills } from "../../generated/exchange/types.js";

/** The most fills one `userFillsByTime` answer holds. */
export const FILLS_PAGE_SIZE = 2000;

/** A time range to walk and how to read one page of it. */
export interface FillsWalk {
  startTime: number;
  /** Inclusive; left out, the range ends at the service's now. */
  endTime?: number | undefined;
  /** Fills per full answer (the service's is {@link FILLS_PAGE_SIZE}). */
  pageSize?: number;
  /** Reads one page: the fills of `[startTime, endTime]`, the earliest first or last. */
  page(startTime: number, endTime: number | undefined): Promise<UserFills>;
}

/** What tells two fills apart: the trade id, or (older answers have none) hash, order and size. */
function fillKey(fill: Fill): string {
  return fill.tid !== undefined ? `t${fill.tid}` : `${fill.hash}/${fill.oid}/${fill.px}/${fill.sz}`;
}

/**
 * Walks a time range of a user's fills to its end, a page at a time, yielding each fill once, oldest
 * first. The service answers at most a page of the range's earliest fills; the next page starts at
 * the latest time seen, and the fills of that millisecond already yielded are skipped. A page whose
 * fills all share one millisecond cannot be moved past inside that millisecond, so the walk then
 * goes on from the next one.
 *
 * @example
 * const page = (startTime: number, endTime?: number) => info.userFillsByTime(address, { startTime, endTime });
 * for await (const fill of walkFillsByTime({ startTime: 0, page })) {
 *   console.log(fill.time, fill.coin, fill.sz);
 * }
 */
export async function* walkFillsByTime(walk: FillsWalk): AsyncGenerator<Fill, void, undefined> {
  const pageSize = walk.pageSize ?? FILLS_PAGE_SIZE;
  const { endTime } = walk;
  let startTime = walk.startTime;
  let seenAtStart = new Set<string>();
  while (endTime === undefined || startTime <= endTime) {
    const page = [...(await walk.page(startTime, endTime))].sort((a, b) => a.time - b.time);
    for (const fill of page) if (!seenAtStart.has(fillKey(fill))) yield fill;
    if (page.length < pageSize) return;
    const latest = (page[page.length - 1] as Fill).time;
    if (latest === startTime) {
      startTime = latest + 1;
      seenAtStart = new Set();
      continue;
    }
    startTime = latest;
    seenAtStart = new Set(page.filter((fill) => fill.time === latest).map(fillKey));
  }
}
