import type { Order } from "../../../generated/exchange/types.js";
import type { SeededRandom } from "../seeded-random.js";
import type { Account } from "./account.js";
import { MARKET, type MarketAsset } from "./market.js";
import { fromUnits, ONE, toUnits } from "./units.js";
import type { Venue } from "./venue.js";

/** Price levels seeded on each side of every book. */
const LEVELS = 10;
/** Distance between seeded levels: 0.05% of the mark. */
const STEP_PER_MILLION = 500n;

/** Cuts a price to what the asset allows: 5 significant figures (an integer always), its decimals. */
function validPrice(px: bigint, asset: MarketAsset): string {
  const text = fromUnits(px);
  const [whole = "0", fraction = ""] = text.split(".");
  const maxDecimals = (asset.kind === "perp" ? 6 : 8) - asset.szDecimals;
  const wholeFigures = whole.replace(/^0+/, "").length;
  const bySignificance =
    wholeFigures > 0 ? Math.max(0, 5 - wholeFigures) : (/^0*/.exec(fraction)?.[0].length ?? 0) + 5;
  const kept = fraction.slice(0, Math.min(maxDecimals, bySignificance)).replace(/0+$/, "");
  return kept ? `${whole}.${kept}` : whole;
}

/** A size worth about `usd` at `px`, cut to the asset's size decimals (at least one step). */
function sizeWorth(usd: number, px: bigint, asset: MarketAsset): string {
  const units = (BigInt(usd) * ONE * ONE) / px;
  const step = 10n ** BigInt(8 - asset.szDecimals);
  return fromUnits(units - (units % step) || step).replace(/\.0$/, "");
}

/**
 * Rests a market maker's orders on both sides of every book, around each asset's mark, so that
 * orders which cross find liquidity and books and mids are not empty. The sizes come from the seed.
 *
 * @param venue - The venue to seed.
 * @param maker - The market maker's account (no margin needed).
 * @param random - The sandbox's seeded generator.
 * @example
 * const venue = new Venue({ firstOid: 1, firstTid: 1, now: Date.now });
 * seedLiquidity(venue, venue.open(address, 0n, { unlimited: true }), new SeededRandom(1));
 */
export function seedLiquidity(venue: Venue, maker: Account, random: SeededRandom): void {
  for (const asset of MARKET) {
    const mark = toUnits(asset.mark);
    for (let level = 1; level <= LEVELS; level++) {
      const offset = (mark * STEP_PER_MILLION * BigInt(level)) / 1_000_000n;
      for (const isBuy of [true, false]) {
        const px = validPrice(isBuy ? mark - offset : mark + offset, asset);
        const order: Order = {
          a: asset.index,
          b: isBuy,
          p: px,
          s: sizeWorth(random.int(2_000, 20_000), toUnits(px), asset),
          r: false,
          t: { limit: { tif: "Gtc" } },
        };
        venue.place(maker, order);
      }
    }
  }
}
