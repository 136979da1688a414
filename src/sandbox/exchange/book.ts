import { fromUnits } from "./units.js";

/** An order resting on a book (its remaining size), in price-time priority. */
export interface RestingEntry {
  oid: number;
  account: string;
  isBuy: boolean;
  px: bigint;
  /** Remaining size, in units. */
  sz: bigint;
  /** Arrival order on this book, for time priority. */
  sequence: number;
}

/** One match of a taker against a resting order, at the resting order's price. */
export interface BookMatch {
  maker: RestingEntry;
  px: bigint;
  sz: bigint;
}

/** One aggregated price level, as `l2Book` shows it. */
export interface LevelView {
  px: string;
  sz: string;
  n: number;
}

/**
 * One asset's order book: bids highest first, asks lowest first, each price level first come first
 * served. Matching takes the best resting orders while they cross the taker's limit.
 *
 * @example
 * const book = new Book();
 * book.add({ oid: 1, account: address, isBuy: false, px: toUnits("60100"), sz: toUnits("1") });
 * book.match({ account: "0xb", isBuy: true, px: toUnits("60200"), sz: toUnits("0.5") }, () => {}); // one match at 60100
 */
export class Book {
  readonly #bids: RestingEntry[] = [];
  readonly #asks: RestingEntry[] = [];
  #sequence = 0;

  #side(isBuy: boolean): RestingEntry[] {
    return isBuy ? this.#bids : this.#asks;
  }

  /** Rests an order; it queues behind orders already at its price. */
  add(entry: Omit<RestingEntry, "sequence">): void {
    const side = this.#side(entry.isBuy);
    const resting = { ...entry, sequence: this.#sequence++ };
    const behind = (other: RestingEntry) => (entry.isBuy ? other.px < entry.px : other.px > entry.px);
    const at = side.findIndex(behind);
    side.splice(at === -1 ? side.length : at, 0, resting);
  }

  /** Takes an order off the book; false if it was not resting here. */
  remove(oid: number): boolean {
    for (const side of [this.#bids, this.#asks]) {
      const at = side.findIndex((entry) => entry.oid === oid);
      if (at !== -1) {
        side.splice(at, 1);
        return true;
      }
    }
    return false;
  }

  /** The best bid and ask prices, if any. */
  bbo(): { bid: bigint | undefined; ask: bigint | undefined } {
    return { bid: this.#bids[0]?.px, ask: this.#asks[0]?.px };
  }

  /** Whether an order at `px` on this side would match at once. */
  crosses(isBuy: boolean, px: bigint): boolean {
    const best = this.#side(!isBuy)[0];
    return best !== undefined && (isBuy ? px >= best.px : px <= best.px);
  }

  /**
   * Matches a taker against the other side while prices cross its limit, best price first. Resting
   * orders of the taker's own account are not matched: `selfCross` is told of each and they are
   * taken off the book (the service cancels the resting side of a self-trade).
   *
   * @returns The matches, in order; the makers' remaining sizes are already reduced.
   */
  match(
    taker: { account: string; isBuy: boolean; px: bigint; sz: bigint },
    selfCross: (entry: RestingEntry) => void,
  ): BookMatch[] {
    const side = this.#side(!taker.isBuy);
    const matches: BookMatch[] = [];
    let remaining = taker.sz;
    while (remaining > 0n) {
      const best = side[0];
      if (!best || (taker.isBuy ? best.px > taker.px : best.px < taker.px)) break;
      if (best.account === taker.account) {
        side.shift();
        selfCross(best);
        continue;
      }
      const sz = best.sz < remaining ? best.sz : remaining;
      best.sz -= sz;
      remaining -= sz;
      matches.push({ maker: best, px: best.px, sz });
      if (best.sz === 0n) side.shift();
    }
    return matches;
  }

  /** Up to `depth` aggregated levels per side: `[bids, asks]`. */
  levels(depth = 20): [LevelView[], LevelView[]] {
    const aggregate = (side: RestingEntry[]) => {
      const levels: { px: bigint; sz: bigint; n: number }[] = [];
      for (const entry of side) {
        const last = levels[levels.length - 1];
        if (last && last.px === entry.px) {
          last.sz += entry.sz;
          last.n += 1;
        } else {
          if (levels.length === depth) break;
          levels.push({ px: entry.px, sz: entry.sz, n: 1 });
        }
      }
      return levels.map((level) => ({ px: fromUnits(level.px), sz: fromUnits(level.sz), n: level.n }));
    };
    return [aggregate(this.#bids), aggregate(this.#asks)];
  }
}
