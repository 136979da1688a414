import { ExchangeError } from "../errors/exchange-error.js";
import { normalizeDecimal } from "../signing/decimal.js";
import type { AssetInfo } from "./asset-directory.js";

/**
 * The exchange's rules for prices and sizes, checked before signing so a bad one is named here
 * instead of failing inside the answer: a price has at most 5 significant figures (an integer price
 * always passes) and at most `maxPriceDecimals` decimals; a size has at most `szDecimals` decimals.
 */

/** What the rules need to know of an asset. */
export type PriceRulesAsset = Pick<AssetInfo, "name" | "kind" | "szDecimals" | "maxPriceDecimals">;

const MAX_SIGNIFICANT_FIGURES = 5;

interface Digits {
  whole: string;
  fraction: string;
}

function split(canonical: string): Digits {
  const [whole = "0", fraction = ""] = canonical.split(".");
  return { whole, fraction };
}

function significantFigures({ whole, fraction }: Digits): number {
  const digits = `${whole}${fraction}`.replace(/^0+/, "");
  return digits.length;
}

/**
 * Why a price breaks the asset's rules, with how to fix it; `undefined` when it is fine.
 *
 * @param price - A canonical decimal string (`"61500"`, `"0.1234"`).
 * @param asset - The asset the price is for.
 * @returns The problem, as a sentence to follow the field's name, or `undefined`.
 * @example
 * const btc = assets.get("BTC");
 * if (btc) priceProblem("61500.5", btc); // "has 6 significant figures; ... round it with roundPrice(price, asset)"
 */
export function priceProblem(price: string, asset: PriceRulesAsset): string | undefined {
  const digits = split(price);
  if (/^0*$/.test(`${digits.whole}${digits.fraction}`)) return "must be greater than 0";
  if (digits.fraction === "") return undefined; // an integer price is always allowed
  const figures = significantFigures(digits);
  if (figures > MAX_SIGNIFICANT_FIGURES) {
    return `has ${figures} significant figures; a price may have at most ${MAX_SIGNIFICANT_FIGURES} unless it is an integer: round it with roundPrice(price, asset)`;
  }
  if (digits.fraction.length > asset.maxPriceDecimals) {
    const base = asset.kind === "perp" ? 6 : 8;
    return `has ${digits.fraction.length} decimals; ${asset.name} prices may have at most ${asset.maxPriceDecimals} (${base} − szDecimals ${asset.szDecimals}): round it with roundPrice(price, asset)`;
  }
  return undefined;
}

/**
 * Why a size breaks the asset's rules, with how to fix it; `undefined` when it is fine.
 *
 * @param size - A canonical decimal string.
 * @param asset - The asset the size is for.
 * @returns The problem, as a sentence to follow the field's name, or `undefined`.
 * @example
 * const btc = assets.get("BTC");
 * if (btc) sizeProblem("0.123456", btc); // "has 6 decimals; BTC sizes may have at most 5 (its szDecimals): ..."
 */
export function sizeProblem(size: string, asset: PriceRulesAsset): string | undefined {
  const { fraction } = split(size);
  if (fraction.length <= asset.szDecimals) return undefined;
  return `has ${fraction.length} decimals; ${asset.name} sizes may have at most ${asset.szDecimals} (its szDecimals): round it with roundSize(size, asset)`;
}

/** A number or decimal string as a canonical decimal string, before rounding. */
function plainDecimal(value: number | string, field: string): string {
  if (typeof value === "string") return normalizeDecimal(value, field);
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0 || value >= 1e21) {
    throw new ExchangeError(`${field} must be a non-negative finite number below 1e21`, { field });
  }
  // 12 decimals hold every price and size the exchange allows, and drop binary noise (0.1 + 0.2).
  return normalizeDecimal(value.toFixed(12), field);
}

/** Rounds a canonical decimal string half up to `places` decimals. */
function roundTo(canonical: string, places: number): string {
  const { whole, fraction } = split(canonical);
  if (fraction.length <= places) return canonical;
  const kept = BigInt(`${whole}${fraction.slice(0, places)}`);
  const roundsUp = (fraction[places] as string) >= "5";
  const scaled = (kept + (roundsUp ? 1n : 0n)).toString().padStart(places + 1, "0");
  const text = places === 0 ? scaled : `${scaled.slice(0, -places)}.${scaled.slice(-places)}`;
  return normalizeDecimal(text);
}

/**
 * The nearest price the exchange accepts for an asset: at most 5 significant figures and at most
 * `maxPriceDecimals` decimals, or the nearest integer when the price is 10000 or more (integers are
 * always allowed). Rounds half up.
 *
 * @param price - A number or decimal string.
 * @param asset - The asset (from {@link createAssetDirectory}).
 * @returns The canonical price string.
 * @throws {ExchangeError} for a negative, non-finite or malformed price.
 * @example
 * const btc = assets.get("BTC");
 * if (btc) roundPrice(61234.56, btc); // "61235"
 */
export function roundPrice(price: number | string, asset: PriceRulesAsset): string {
  const canonical = plainDecimal(price, "price");
  const { whole, fraction } = split(canonical);
  const integerFigures = whole.replace(/^0+/, "").length;
  let bySignificance: number;
  if (integerFigures > 0) {
    bySignificance = Math.max(0, MAX_SIGNIFICANT_FIGURES - integerFigures);
  } else {
    const leadingZeros = (/^0*/.exec(fraction)?.[0] ?? "").length;
    bySignificance = leadingZeros + MAX_SIGNIFICANT_FIGURES;
  }
  return roundTo(canonical, Math.min(bySignificance, asset.maxPriceDecimals));
}

/**
 * The nearest size the exchange accepts for an asset: at most `szDecimals` decimals, rounded half up.
 *
 * @param size - A number or decimal string.
 * @param asset - The asset (from {@link createAssetDirectory}).
 * @returns The canonical size string.
 * @throws {ExchangeError} for a negative, non-finite or malformed size.
 * @example
 * const btc = assets.get("BTC");
 * if (btc) roundSize(0.0123456, btc); // "0.01235"
 */
export function roundSize(size: number | string, asset: PriceRulesAsset): string {
  return roundTo(plainDecimal(size, "size"), asset.szDecimals);
}
