import type { CandleInterval, Candles } from "../../../generated/exchange/types.js";
import type { MarketAsset } from "./market.js";
import { fromUnits } from "./units.js";
import type { Trade } from "./venue.js";

/**
 * Candles derived from the venue's own trades, so what a client reads about the market matches what
 * it did on it.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const INTERVAL_MS: Readonly<Record<Exclude<CandleInterval, "1M">, number>> = {
  "1m": MINUTE,
  "3m": 3 * MINUTE,
  "5m": 5 * MINUTE,
  "15m": 15 * MINUTE,
  "30m": 30 * MINUTE,
  "1h": HOUR,
  "2h": 2 * HOUR,
  "4h": 4 * HOUR,
  "8h": 8 * HOUR,
  "12h": 12 * HOUR,
  "1d": 24 * HOUR,
  "3d": 72 * HOUR,
  "1w": 168 * HOUR,
};

/** The first and last millisecond of the candle that holds `time` (a month is a calendar month, UTC). */
function bucketOf(time: number, interval: CandleInterval): [number, number] {
  if (interval === "1M") {
    const date = new Date(time);
    const start = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
    return [start, Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) - 1];
  }
  const length = INTERVAL_MS[interval];
  const start = time - (time % length);
  return [start, start + length - 1];
}

/**
 * The candles of an asset's trades that start within `[startTime, endTime]`, oldest first.
 *
 * @example
 * const btc = MARKET[0] as MarketAsset;
 * candlesOf(new Venue({ firstOid: 1, firstTid: 1, now: Date.now }).trades(btc), btc, "1m", 0, Date.now()); // [{ t, T, s: "BTC", i: "1m", o, c, h, l, v, n }]
 */
export function candlesOf(
  trades: readonly Trade[],
  asset: MarketAsset,
  interval: CandleInterval,
  startTime: number,
  endTime: number,
): Candles {
  const candles: Candles = [];
  let current:
    | { t: number; T: number; o: bigint; c: bigint; h: bigint; l: bigint; v: bigint; n: number }
    | undefined;
  const flush = () => {
    if (!current) return;
    const { t, T, o, c, h, l, v, n } = current;
    candles.push({
      t,
      T,
      s: asset.coin,
      i: interval,
      o: fromUnits(o),
      c: fromUnits(c),
      h: fromUnits(h),
      l: fromUnits(l),
      v: fromUnits(v),
      n,
    });
  };
  for (const trade of trades) {
    const [t, T] = bucketOf(trade.time, interval);
    if (t < startTime || t > endTime) continue;
    if (current?.t !== t) {
      flush();
      current = { t, T, o: trade.px, c: trade.px, h: trade.px, l: trade.px, v: 0n, n: 0 };
    }
    current.c = trade.px;
    if (trade.px > current.h) current.h = trade.px;
    if (trade.px < current.l) current.l = trade.px;
    current.v += trade.sz;
    current.n += 1;
  }
  flush();
  return candles;
}
