import { keccak_256 } from "@noble/hashes/sha3.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import type {
  AssetPosition,
  ClearinghouseState,
  Fill,
  FundingPayment,
} from "../../../generated/exchange/types.js";
import type { MarketAsset } from "./market.js";
import { abs, div, fromUnits, mul, ONE } from "./units.js";

/** Fee rates of the base tier: takers pay 0.045%, makers 0.015% of the notional. */
const TAKER_FEE = 45_000n; // 0.00045 in units
const MAKER_FEE = 15_000n;
/** One tenth of a basis point (0.00001), the step of builder fees, in units. */
const BUILDER_FEE_UNIT = 1_000n;

/** Leverage every asset starts with, capped by the asset's maximum. */
const DEFAULT_LEVERAGE = 20;

/** How many funding payments an account keeps (the oldest go first), so a long run stays bounded. */
const FUNDINGS_KEPT = 10_000;

/**
 * A perpetual position: signed size, entry price, the margin set aside when isolated, and the
 * funding it paid (negative when it received) since it opened and since its size last changed.
 */
interface Position {
  szi: bigint;
  entryPx: bigint;
  isolatedMargin: bigint;
  fundingSinceOpen: bigint;
  fundingSinceChange: bigint;
}

/** A builder's fee on one side of a trade: who takes it, in tenths of a basis point. */
export interface BuilderFee {
  builder: Account;
  tenths: number;
}

/** One side of a trade, as the account that made it sees it. */
export interface TradeSide {
  asset: MarketAsset;
  isBuy: boolean;
  px: bigint;
  sz: bigint;
  /** The order took liquidity. */
  crossed: boolean;
  oid: number;
  cloid: string | undefined;
  time: number;
  /** Trade id, shared by both sides. */
  tid: number;
  /** The TWAP order the trade is a slice of. */
  twapId?: number | undefined;
  /** The builder fee the order carries. */
  builder?: BuilderFee | undefined;
}

/**
 * One trader's state on the venue: USDC for cross margin, perpetual positions with their leverage,
 * spot balances, fills, and a scheduled cancel.
 *
 * @example
 * const account = new Venue({ firstOid: 1, firstTid: 1, now: Date.now }).open(address, DEMO_BALANCE);
 * const btc = MARKET[0];
 * if (btc) account.setLeverage(btc, true, 10); // undefined: set
 */
export class Account {
  readonly address: string;
  /** Cross-margin USDC (perpetuals), in units. */
  usdc: bigint;
  /** Spot balances by token index, in units. */
  readonly spot = new Map<number, bigint>();
  readonly #positions = new Map<number, Position>();
  readonly #leverage = new Map<number, { type: "cross" | "isolated"; value: number }>();
  /** What each spot holding cost, in USDC units. */
  readonly #entryNotional = new Map<number, bigint>();
  /** Fills, oldest first. */
  readonly fills: Fill[] = [];
  /** When every open order is to be canceled, if scheduled. */
  scheduledCancel: number | undefined;
  /** The highest fee each builder (lowercase address) may add to this account's orders, in tenths of a basis point. */
  readonly builderApprovals = new Map<string, number>();
  /** Funding payments, oldest first. */
  readonly fundings: FundingPayment[] = [];
  /** Funding paid per asset since the account opened (negative when received). */
  readonly #fundingAllTime = new Map<number, bigint>();

  constructor(address: string, usdc: bigint) {
    this.address = address;
    this.usdc = usdc;
  }

  /** The leverage setting of an asset. */
  leverage(asset: MarketAsset): { type: "cross" | "isolated"; value: number } {
    return (
      this.#leverage.get(asset.index) ?? {
        type: "cross",
        value: Math.min(DEFAULT_LEVERAGE, asset.maxLeverage),
      }
    );
  }

  /**
   * Sets the leverage of an asset.
   *
   * @returns The refusal, or undefined when set.
   */
  setLeverage(asset: MarketAsset, isCross: boolean, value: number): string | undefined {
    if (asset.kind !== "perp") return `Cannot set leverage of a spot asset. asset=${asset.index}`;
    if (value > asset.maxLeverage)
      return `Invalid leverage value: ${value} is above the maximum ${asset.maxLeverage} of ${asset.coin}`;
    const type = isCross ? "cross" : "isolated";
    const position = this.#positions.get(asset.index);
    if (position && position.szi !== 0n && this.leverage(asset).type !== type) {
      return `Cannot switch between cross and isolated margin with an open position. asset=${asset.index}`;
    }
    this.#leverage.set(asset.index, { type, value });
    return undefined;
  }

  /** The signed size of the position in an asset (0 when none). */
  size(asset: MarketAsset): bigint {
    return this.#positions.get(asset.index)?.szi ?? 0n;
  }

  /**
   * Moves USDC into (positive) or out of an isolated position's margin.
   *
   * @returns The refusal, or undefined when done.
   */
  moveIsolatedMargin(asset: MarketAsset, amount: bigint): string | undefined {
    const position = this.#positions.get(asset.index);
    if (!position || position.szi === 0n || this.leverage(asset).type !== "isolated") {
      return `No isolated position to update margin of. asset=${asset.index}`;
    }
    if (amount > this.usdc) return "Insufficient balance to add margin.";
    if (position.isolatedMargin + amount < 0n) return "Cannot remove more margin than the position holds.";
    position.isolatedMargin += amount;
    this.usdc -= amount;
    return undefined;
  }

  /** Applies one side of a trade: position, balances, fee and the fill record. */
  trade(side: TradeSide): void {
    const notional = mul(side.px, side.sz);
    const builderFee = side.builder ? mul(notional, BigInt(side.builder.tenths) * BUILDER_FEE_UNIT) : 0n;
    // The builder's share is paid on top of the venue's fee, and reaches the builder as perp USDC.
    const fee = mul(notional, side.crossed ? TAKER_FEE : MAKER_FEE) + builderFee;
    if (side.builder) side.builder.builder.usdc += builderFee;
    const base = {
      coin: side.asset.coin,
      px: fromUnits(side.px),
      sz: fromUnits(side.sz),
      side: side.isBuy ? ("B" as const) : ("A" as const),
      time: side.time,
      hash: `0x${bytesToHex(keccak_256(utf8ToBytes(`sandbox trade ${side.tid}`)))}`,
      oid: side.oid,
      crossed: side.crossed,
      fee: fromUnits(fee),
      tid: side.tid,
      feeToken: "USDC",
      ...(side.cloid !== undefined && { cloid: side.cloid }),
      twapId: side.twapId ?? null,
      ...(side.builder && { builderFee: fromUnits(builderFee) }),
    };
    if (side.asset.kind === "spot") {
      this.fills.push({ ...base, ...this.#spotTrade(side, notional, fee) });
    } else {
      this.fills.push({ ...base, ...this.#perpTrade(side, fee) });
    }
  }

  /** What the account's holding of a spot token cost, in USDC (bought notional, reduced in proportion on sells). */
  entryNotional(token: number): bigint {
    return this.#entryNotional.get(token) ?? 0n;
  }

  #spotTrade(side: TradeSide, notional: bigint, fee: bigint) {
    const baseToken = side.asset.baseToken ?? 0;
    const held = this.spot.get(baseToken) ?? 0n;
    const cost = this.#entryNotional.get(baseToken) ?? 0n;
    this.#entryNotional.set(
      baseToken,
      side.isBuy
        ? cost + notional
        : held > 0n
          ? cost - (cost * (side.sz < held ? side.sz : held)) / held
          : 0n,
    );
    this.spot.set(baseToken, held + (side.isBuy ? side.sz : -side.sz));
    this.spot.set(0, (this.spot.get(0) ?? 0n) + (side.isBuy ? -notional : notional) - fee);
    return { startPosition: fromUnits(held), dir: side.isBuy ? "Buy" : "Sell", closedPnl: "0.0" };
  }

  #perpTrade(side: TradeSide, fee: bigint) {
    const position = this.#positions.get(side.asset.index) ?? {
      szi: 0n,
      entryPx: 0n,
      isolatedMargin: 0n,
      fundingSinceOpen: 0n,
      fundingSinceChange: 0n,
    };
    const old = position.szi;
    const signed = side.isBuy ? side.sz : -side.sz;
    const next = old + signed;
    const isolated = this.leverage(side.asset).type === "isolated";
    let closedPnl = 0n;
    if (old !== 0n && old > 0n !== side.isBuy) {
      const closing = abs(old) < side.sz ? abs(old) : side.sz;
      closedPnl = mul(side.px - position.entryPx, closing) * (old > 0n ? 1n : -1n);
      if (isolated) {
        const released = div(mul(position.isolatedMargin, closing), abs(old));
        position.isolatedMargin -= released;
        this.usdc += released;
      }
    }
    // The size this fill opened: all of it on a new or flipped position, the increase on an added one.
    let opened = 0n;
    if (next !== 0n) {
      if (old === 0n || old > 0n !== next > 0n) opened = abs(next);
      else if (abs(next) > abs(old)) opened = abs(next) - abs(old);
    }
    if (next === 0n) position.entryPx = 0n;
    else if (old === 0n || old > 0n !== next > 0n) position.entryPx = side.px;
    else if (opened > 0n)
      position.entryPx = div(mul(position.entryPx, abs(old)) + mul(side.px, opened), abs(next));
    if (isolated && opened > 0n) {
      const margin = mul(side.px, opened) / BigInt(this.leverage(side.asset).value);
      position.isolatedMargin += margin;
      this.usdc -= margin;
    }
    if (old === 0n || old > 0n !== next > 0n) position.fundingSinceOpen = 0n;
    position.fundingSinceChange = 0n;
    position.szi = next;
    this.#positions.set(side.asset.index, position);
    this.usdc += closedPnl - fee;
    return {
      startPosition: fromUnits(old),
      dir: direction(old, next, side.isBuy),
      closedPnl: fromUnits(closedPnl),
    };
  }

  /**
   * Pays (or receives) one funding interval on the position in a perpetual: `size × price × rate`,
   * longs paying shorts when the rate is positive, out of cross USDC or the isolated margin, and
   * records it as `userFunding` answers it.
   */
  payFunding(asset: MarketAsset, time: number, rate: bigint, px: bigint): void {
    const position = this.#positions.get(asset.index);
    if (!position || position.szi === 0n) return;
    const paid = mul(mul(position.szi, px), rate);
    if (this.leverage(asset).type === "isolated") position.isolatedMargin -= paid;
    else this.usdc -= paid;
    position.fundingSinceOpen += paid;
    position.fundingSinceChange += paid;
    this.#fundingAllTime.set(asset.index, (this.#fundingAllTime.get(asset.index) ?? 0n) + paid);
    this.fundings.push({
      time,
      hash: `0x${bytesToHex(keccak_256(utf8ToBytes(`sandbox funding ${time} ${asset.coin} ${this.address}`)))}`,
      delta: {
        type: "funding",
        coin: asset.coin,
        usdc: fromUnits(-paid),
        szi: fromUnits(position.szi),
        fundingRate: fromUnits(rate),
        nSamples: null,
      },
    });
    if (this.fundings.length > FUNDINGS_KEPT) this.fundings.shift();
  }

  /** The margin an order of this notional needs on this asset. */
  marginFor(asset: MarketAsset, notional: bigint): bigint {
    return notional / BigInt(this.leverage(asset).value);
  }

  /** Cross USDC plus the unrealized profit of cross positions, minus the margin they use. */
  freeCrossMargin(mark: (asset: MarketAsset) => bigint, assets: readonly MarketAsset[]): bigint {
    let value = this.usdc;
    let used = 0n;
    for (const asset of assets) {
      const position = this.#positions.get(asset.index);
      if (!position || position.szi === 0n || this.leverage(asset).type !== "cross") continue;
      const px = mark(asset);
      value += mul(px - position.entryPx, position.szi);
      used += this.marginFor(asset, abs(mul(px, position.szi)));
    }
    return value - used;
  }

  /** The `clearinghouseState` answer at these marks. */
  clearinghouse(
    mark: (asset: MarketAsset) => bigint,
    assets: readonly MarketAsset[],
    time: number,
  ): ClearinghouseState {
    const positions: AssetPosition[] = [];
    let crossValue = this.usdc;
    let isolatedValue = 0n;
    let crossNotional = 0n;
    let notional = 0n;
    let crossSigned = 0n;
    let signedNotional = 0n;
    let crossUsed = 0n;
    let used = 0n;
    for (const asset of assets) {
      const position = this.#positions.get(asset.index);
      if (!position || position.szi === 0n) continue;
      const leverage = this.leverage(asset);
      const px = mark(asset);
      const value = abs(mul(px, position.szi));
      const pnl = mul(px - position.entryPx, position.szi);
      const margin = leverage.type === "cross" ? this.marginFor(asset, value) : position.isolatedMargin + pnl;
      const invested = this.marginFor(asset, abs(mul(position.entryPx, position.szi)));
      notional += value;
      signedNotional += mul(px, position.szi);
      used += margin;
      if (leverage.type === "cross") {
        crossValue += pnl;
        crossNotional += value;
        crossSigned += mul(px, position.szi);
        crossUsed += margin;
      } else {
        isolatedValue += position.isolatedMargin + pnl;
      }
      positions.push({
        type: "oneWay",
        position: {
          coin: asset.coin,
          szi: fromUnits(position.szi),
          leverage:
            leverage.type === "cross"
              ? { type: "cross", value: leverage.value }
              : {
                  type: "isolated",
                  value: leverage.value,
                  rawUsd: fromUnits(position.isolatedMargin - mul(position.entryPx, position.szi)),
                },
          entryPx: fromUnits(position.entryPx),
          positionValue: fromUnits(value),
          unrealizedPnl: fromUnits(pnl),
          returnOnEquity: fromUnits(div(pnl, invested)),
          liquidationPx: null,
          marginUsed: fromUnits(margin),
          maxLeverage: asset.maxLeverage,
          // Funding paid is positive, received negative, as the service counts it.
          cumFunding: {
            allTime: fromUnits(this.#fundingAllTime.get(asset.index) ?? 0n),
            sinceOpen: fromUnits(position.fundingSinceOpen),
            sinceChange: fromUnits(position.fundingSinceChange),
          },
        },
      });
    }
    const accountValue = crossValue + isolatedValue;
    const summary = (value: bigint, ntl: bigint, signed: bigint, marginUsed: bigint) => ({
      accountValue: fromUnits(value),
      totalNtlPos: fromUnits(ntl),
      totalRawUsd: fromUnits(value - signed),
      totalMarginUsed: fromUnits(marginUsed),
    });
    const withdrawable = crossValue - crossUsed;
    return {
      marginSummary: summary(accountValue, notional, signedNotional, used),
      crossMarginSummary: summary(crossValue, crossNotional, crossSigned, crossUsed),
      crossMaintenanceMarginUsed: fromUnits(crossUsed / 2n),
      withdrawable: fromUnits(withdrawable > 0n ? withdrawable : 0n),
      assetPositions: positions,
      time,
    };
  }
}

/** How a fill changed the position, in the service's words. */
function direction(old: bigint, next: bigint, isBuy: boolean): string {
  if (isBuy) {
    if (old >= 0n) return "Open Long";
    return next <= 0n ? "Close Short" : "Short > Long";
  }
  if (old <= 0n) return "Open Short";
  return next >= 0n ? "Close Long" : "Long > Short";
}

/** A large starting balance: 1,000,000 USDC. */
export const DEMO_BALANCE = 1_000_000n * ONE;
