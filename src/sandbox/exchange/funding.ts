import type { FundingHistory } from "../../../generated/exchange/types.js";
import type { MarketAsset } from "./market.js";
import { fromUnits, toUnits } from "./units.js";
import type { Trade } from "./venue.js";

/**
 * Funding on the sandbox's perpetuals, derived from its own trades: the rate of each interval (an
 * hour, as on the service; shorter when the sandbox is asked, so a test sees payments) and what the
 * venue pays with it.
 */

/** The service's funding interval: one hour. */
export const FUNDING_INTERVAL_MS = 3_600_000;

/** The rate paid whatever the premium, per interval: 0.01% per 8 hours. */
const INTEREST = 1_250n; // 0.0000125 in units
/** The most a rate may be per interval: 4%. */
const CAP = 4_000_000n;

/**
 * How far a price is from the asset's reference price, as a fraction in units.
 *
 * @example
 * premiumOf(toUnits("62000"), MARKET[0] as MarketAsset); // positive when above the reference
 */
export function premiumOf(px: bigint, asset: MarketAsset): bigint {
  const reference = toUnits(asset.mark);
  return ((px - reference) * 100_000_000n) / reference;
}

/**
 * The funding rate of one interval when the last trade before its end was at `px`: an eighth of the
 * premium plus the interest rate, capped at ±4%.
 *
 * @example
 * fromUnits(fundingRate(toUnits((MARKET[0] as MarketAsset).mark), MARKET[0] as MarketAsset)); // "0.0000125"
 */
export function fundingRate(px: bigint, asset: MarketAsset): bigint {
  const rate = premiumOf(px, asset) / 8n + INTEREST;
  return rate > CAP ? CAP : rate < -CAP ? -CAP : rate;
}

/**
 * The funding rates of a perpetual at each interval boundary within `[startTime, endTime]` that
 * follows a trade, each from the last trade before it. At most 500, oldest first.
 *
 * @example
 * const btc = MARKET[0] as MarketAsset;
 * fundingOf(new Venue({ firstOid: 1, firstTid: 1, now: Date.now }).trades(btc), btc, 0, Date.now(), FUNDING_INTERVAL_MS); // [{ coin: "BTC", fundingRate, premium, time }]
 */
export function fundingOf(
  trades: readonly Trade[],
  asset: MarketAsset,
  startTime: number,
  endTime: number,
  interval: number,
): FundingHistory {
  if (asset.kind !== "perp" || trades.length === 0) return [];
  const history: FundingHistory = [];
  const first = trades[0] as Trade;
  let index = 0;
  let last = first.px;
  for (
    let boundary = first.time - (first.time % interval) + interval;
    boundary <= endTime && history.length < 500;
    boundary += interval
  ) {
    while (index < trades.length && (trades[index] as Trade).time < boundary)
      last = (trades[index++] as Trade).px;
    if (boundary < startTime) continue;
    history.push({
      coin: asset.coin,
      fundingRate: fromUnits(fundingRate(last, asset)),
      premium: fromUnits(premiumOf(last, asset)),
      time: boundary,
    });
  }
  return history;
}
