import { describe, expect, it } from "vitest";
import type { Fill } from "../../generated/exchange/types.js";
import { walkFillsByTime } from "../../src/exchange/fills-by-time.js";

/** A fill at `time` with trade id `tid` (the other fields do not matter to the walk). */
const fill = (time: number, tid: number): Fill => ({
  coin: "BTC",
  px: "60000.0",
  sz: "0.001",
  side: "B",
  time,
  startPosition: "0.0",
  dir: "Open Long",
  closedPnl: "0.0",
  hash: `0x${"0".repeat(64)}`,
  oid: 1,
  crossed: true,
  fee: "0.0",
  tid,
});

/** Pages as the service does: the earliest `size` fills of the range, here written newest first. */
function pager(fills: Fill[], size: number) {
  const asked: [number, number | undefined][] = [];
  const page = async (startTime: number, endTime: number | undefined) => {
    asked.push([startTime, endTime]);
    return fills
      .filter((item) => item.time >= startTime && (endTime === undefined || item.time <= endTime))
      .slice(0, size)
      .reverse();
  };
  return { page, asked };
}

async function walk(fills: Fill[], size: number, endTime?: number) {
  const { page, asked } = pager(fills, size);
  const walked: Fill[] = [];
  for await (const item of walkFillsByTime({ startTime: 0, endTime, pageSize: size, page }))
    walked.push(item);
  const times = walked.map((item) => item.time);
  expect(times).toEqual([...times].sort((a, b) => a - b)); // oldest first
  // Within one millisecond the order is the service's; which fills came, once each, is what counts.
  return { seen: walked.map((item) => item.tid as number).sort((a, b) => a - b), asked };
}

describe("walkFillsByTime", () => {
  it("yields each fill once, oldest first, when a page ends inside a millisecond", async () => {
    // Times 10,10,10 | 20,20,20 | 20,30: the first page boundary falls in the middle of time 20.
    const fills = [10, 10, 10, 20, 20, 20, 20, 30].map((time, index) => fill(time, index));
    const { seen, asked } = await walk(fills, 4);
    expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(asked.map(([start]) => start)).toEqual([0, 20, 21]);
  });

  it("moves past a millisecond that fills a whole page on its own, and stops at endTime", async () => {
    const fills = [5, 5, 5, 6, 7, 8].map((time, index) => fill(time, index));
    const { seen } = await walk(fills, 3, 7);
    // A page of three fills all at 5 cannot be split further: the walk goes on from 6.
    expect(seen).toEqual([0, 1, 2, 3, 4]);
  });

  it("asks once when the first page is not full", async () => {
    const { seen, asked } = await walk([fill(1, 1)], 2000);
    expect(seen).toEqual([1]);
    expect(asked).toEqual([[0, undefined]]);
  });
});
