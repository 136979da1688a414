import type { Meta, SpotMeta } from "../../../generated/exchange/types.js";

/** One asset the sandbox's venue trades. */
export interface MarketAsset {
  /** The asset index of orders: a perpetual's position, or 10000 + a spot pair's index. */
  index: number;
  /** The coin as books, mids and fills name it (`BTC`, `PURR/USDC`, `@1`). */
  coin: string;
  kind: "perp" | "spot";
  szDecimals: number;
  /** Perpetuals only. */
  maxLeverage: number;
  /** The reference price the seeded book is built around. */
  mark: string;
  /** Spot pairs: the index of the token bought and sold (the quote is USDC, token 0). */
  baseToken?: number;
}

interface PerpDefinition {
  name: string;
  szDecimals: number;
  maxLeverage: number;
  mark: string;
}

/** The perpetuals, in index order (BTC is asset 0, as on the real service). */
const PERPS: readonly PerpDefinition[] = [
  { name: "BTC", szDecimals: 5, maxLeverage: 40, mark: "60000" },
  { name: "ETH", szDecimals: 4, maxLeverage: 25, mark: "3000" },
  { name: "SOL", szDecimals: 2, maxLeverage: 20, mark: "150" },
  { name: "DOGE", szDecimals: 0, maxLeverage: 10, mark: "0.16" },
  { name: "HYPE", szDecimals: 2, maxLeverage: 10, mark: "30" },
];

/** Spot tokens, in index order (USDC is token 0, the quote of every pair). */
export const SPOT_TOKENS = [
  { name: "USDC", szDecimals: 8, weiDecimals: 8, tokenId: "0x6d1e7cde53ba9467b783cb7c530ce054" },
  { name: "PURR", szDecimals: 0, weiDecimals: 5, tokenId: "0xc1fb593aeffbeb02f85e0308e9956a90" },
  { name: "HYPE", szDecimals: 2, weiDecimals: 8, tokenId: "0x0d01dc56dcaaca66ad901c959b4011ec" },
] as const;

/** Spot pairs: the canonical PURR/USDC keeps its name, later pairs are named `@<index>`. */
const PAIRS = [
  { name: "PURR/USDC", tokens: [1, 0] as [number, number], isCanonical: true, mark: "0.18" },
  { name: "@1", tokens: [2, 0] as [number, number], isCanonical: false, mark: "30" },
];

/** Spot pair `i` is asset `10000 + i`. */
const SPOT_OFFSET = 10_000;

/** Every asset of the venue: perpetuals, then spot pairs. */
export const MARKET: readonly MarketAsset[] = Object.freeze([
  ...PERPS.map((perp, index) => ({
    index,
    coin: perp.name,
    kind: "perp" as const,
    szDecimals: perp.szDecimals,
    maxLeverage: perp.maxLeverage,
    mark: perp.mark,
  })),
  ...PAIRS.map((pair, index) => ({
    index: SPOT_OFFSET + index,
    coin: pair.name,
    kind: "spot" as const,
    szDecimals: SPOT_TOKENS[pair.tokens[0]]?.szDecimals ?? 0,
    maxLeverage: 1,
    mark: pair.mark,
    baseToken: pair.tokens[0],
  })),
]);

/**
 * The `meta` answer: the perpetual universe.
 *
 * @example
 * metaAnswer().universe[0]; // { szDecimals: 5, name: "BTC", maxLeverage: 40 }
 */
export function metaAnswer(): Meta {
  return {
    universe: PERPS.map((perp) => ({
      szDecimals: perp.szDecimals,
      name: perp.name,
      maxLeverage: perp.maxLeverage,
    })),
  };
}

/**
 * The `spotMeta` answer: pairs and tokens.
 *
 * @example
 * spotMetaAnswer().universe[0]?.name; // "PURR/USDC", asset 10000
 */
export function spotMetaAnswer(): SpotMeta {
  return {
    universe: PAIRS.map((pair, index) => ({
      tokens: pair.tokens,
      name: pair.name,
      index,
      isCanonical: pair.isCanonical,
    })),
    tokens: SPOT_TOKENS.map((token, index) => ({
      name: token.name,
      szDecimals: token.szDecimals,
      weiDecimals: token.weiDecimals,
      index,
      tokenId: token.tokenId,
      isCanonical: index < 2,
      evmContract: null,
      fullName: null,
    })),
  };
}
