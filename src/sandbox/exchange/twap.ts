import type { Account } from "./account.js";
import type { MarketAsset } from "./market.js";
import { fromUnits, mul, toUnits } from "./units.js";
import type { Venue } from "./venue.js";

/** One slice every 30 seconds, as the service runs them. */
const SLICE_MS = 30_000;
/** How far through the mark a slice may fill: 3%. */
const SLIPPAGE = 3_000_000n; // 0.03 in units

interface Twap {
  id: number;
  account: Account;
  asset: MarketAsset;
  isBuy: boolean;
  reduceOnly: boolean;
  total: bigint;
  slices: number;
  done: number;
  filled: bigint;
  started: number;
  running: boolean;
}

/**
 * TWAP orders: each runs `m` minutes as one immediate-or-cancel slice every 30 seconds, a share of
 * the size each (the last takes the remainder), priced up to 3% through the mark; every slice's
 * fills carry the TWAP's id. Slices that are due are placed when the venue is next asked anything.
 *
 * @example
 * const venue = new Venue({ firstOid: 1, firstTid: 1, now: Date.now });
 * const twaps = new TwapRunner(venue, Date.now, 1);
 * twaps.start(venue.open(address, DEMO_BALANCE), MARKET[0] as MarketAsset, { b: true, s: "0.1", r: false, m: 10 }); // { running: { twapId: 1 } }
 */
export class TwapRunner {
  readonly #twaps = new Map<number, Twap>();
  readonly #venue: Venue;
  readonly #now: () => number;
  #nextId: number;

  constructor(venue: Venue, now: () => number, firstId: number) {
    this.#venue = venue;
    this.#now = now;
    this.#nextId = firstId;
  }

  /** Starts a TWAP; its first slice goes at once. */
  start(
    account: Account,
    asset: MarketAsset,
    twap: { b: boolean; s: string; r: boolean; m: number },
  ): { running: { twapId: number } } | { error: string } {
    if (twap.m < 5 || twap.m > 1440) return { error: `Invalid TWAP duration: ${twap.m} min(s)` };
    const id = this.#nextId++;
    this.#twaps.set(id, {
      id,
      account,
      asset,
      isBuy: twap.b,
      reduceOnly: twap.r,
      total: toUnits(twap.s),
      slices: (twap.m * 60_000) / SLICE_MS,
      done: 0,
      filled: 0n,
      started: this.#now(),
      running: true,
    });
    this.run();
    return { running: { twapId: id } };
  }

  /**
   * Stops a running TWAP of this account and asset.
   *
   * @returns `"success"`, or `{ error }` when there is none.
   */
  cancel(account: Account, asset: number, id: number): "success" | { error: string } {
    const twap = this.#twaps.get(id);
    if (!twap?.running || twap.account !== account || twap.asset.index !== asset) {
      return { error: "TWAP was never placed, already canceled, or filled." };
    }
    twap.running = false;
    return "success";
  }

  /** Places every slice that is due. */
  run(): void {
    const now = this.#now();
    for (const twap of this.#twaps.values()) {
      while (twap.running && twap.done < twap.slices && twap.started + twap.done * SLICE_MS <= now) {
        this.#slice(twap);
      }
    }
  }

  #slice(twap: Twap): void {
    twap.done += 1;
    const step = 10n ** BigInt(8 - twap.asset.szDecimals);
    const remaining = twap.total - twap.filled;
    const share = twap.done === twap.slices ? remaining : (twap.total / BigInt(twap.slices) / step) * step;
    if (twap.done === twap.slices) twap.running = false;
    if (share <= 0n) return;
    const mark = this.#venue.mark(twap.asset);
    const limit = mark + (twap.isBuy ? mul(mark, SLIPPAGE) : -mul(mark, SLIPPAGE));
    const status = this.#venue.place(
      twap.account,
      {
        a: twap.asset.index,
        b: twap.isBuy,
        p: pricePlaces(limit, twap.asset),
        s: fromUnits(share).replace(/\.0$/, ""),
        r: twap.reduceOnly,
        t: { limit: { tif: "Ioc" } },
      },
      { twapId: twap.id },
    );
    if (typeof status === "object" && "filled" in status) twap.filled += toUnits(status.filled.totalSz);
  }
}

/** A price written with at most 5 significant figures and the asset's price decimals. */
function pricePlaces(units: bigint, asset: MarketAsset): string {
  const decimals = (asset.kind === "perp" ? 6 : 8) - asset.szDecimals;
  const significant = Number(Number(fromUnits(units)).toPrecision(5));
  return String(Number(significant.toFixed(Math.max(0, decimals))));
}
