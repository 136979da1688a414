import type { Order } from "../../../generated/exchange/types.js";
import { normalizeDecimal } from "../signing/decimal.js";
import type { PriceRulesAsset } from "./price-rules.js";

/**
 * The exchange's smallest order value, in USDC: price × size of an order that is not reduce-only,
 * on perpetuals and spot alike. Below it the order is not refused as a whole but answered with the
 * status "Order must have minimum value of $10", after signing: checking here names it first.
 */
export const MIN_ORDER_VALUE_USD = 10;

/** A canonical decimal string as a whole number and the power of ten it is scaled by. */
function scaled(decimal: string): { units: bigint; places: number } {
  const [whole = "0", fraction = ""] = decimal.split(".");
  return { units: BigInt(`${whole}${fraction}`), places: fraction.length };
}

/** `units / 10^places` as a canonical decimal string. */
function decimalOf(units: bigint, places: number): string {
  if (places === 0) return units.toString();
  const digits = units.toString().padStart(places + 1, "0");
  return normalizeDecimal(`${digits.slice(0, -places)}.${digits.slice(-places)}`);
}

/**
 * Why an order is worth less than the exchange accepts, with its value and the smallest size that
 * would do at its price; `undefined` when it is worth enough, is reduce-only, or has no price yet.
 *
 * @param order - The order in wire form (canonical decimal strings).
 * @param asset - The asset, for the decimals a size may have.
 * @returns The problem, as a sentence to follow the size's pointer, or `undefined`.
 * @example
 * const btc = assets.get("BTC");
 * if (btc) orderValueProblem({ a: 0, b: true, p: "60000", s: "0.0001", r: false, t: { limit: { tif: "Gtc" } } }, btc);
 * // "makes an order worth $6 (p × s = 60000 × 0.0001); the exchange's minimum is $10 ... at least 0.00017 ..."
 */
export function orderValueProblem(order: Order, asset: PriceRulesAsset): string | undefined {
  if (order.r) return undefined; // reduce-only orders may close a position of any size
  const price = scaled(order.p);
  const size = scaled(order.s);
  if (price.units === 0n || size.units === 0n) return undefined; // the price and size rules name these
  const places = price.places + size.places;
  const value = price.units * size.units;
  if (value >= BigInt(MIN_ORDER_VALUE_USD) * 10n ** BigInt(places)) return undefined;
  // The smallest size with szDecimals decimals whose value reaches the minimum: ceil(10 / p).
  const sizeScale = 10n ** BigInt(asset.szDecimals);
  const needed = BigInt(MIN_ORDER_VALUE_USD) * sizeScale * 10n ** BigInt(price.places);
  const minimum = (needed + price.units - 1n) / price.units;
  return (
    `makes an order worth $${decimalOf(value, places)} (p × s = ${order.p} × ${order.s}); the exchange's ` +
    `minimum is $${MIN_ORDER_VALUE_USD} for an order that is not reduce-only: at this price, use a size of at least ` +
    `${decimalOf(minimum, asset.szDecimals)}`
  );
}
