import type { MarketAsset } from "./market.js";

/**
 * The venue's own check of prices and sizes (written apart from the client's, so one catches the
 * other): a price has at most 5 significant figures unless it is an integer, and at most
 * (6 perpetual / 8 spot) − szDecimals decimals; a size at most szDecimals decimals.
 */

function decimalsOf(text: string): number {
  const point = text.indexOf(".");
  return point === -1 ? 0 : text.length - point - 1;
}

function priceFits(px: string, asset: MarketAsset): boolean {
  if (!px.includes(".")) return true;
  const figures = px.replace(".", "").replace(/^0+/, "").length;
  const maxDecimals = (asset.kind === "perp" ? 6 : 8) - asset.szDecimals;
  return figures <= 5 && decimalsOf(px) <= maxDecimals;
}

/**
 * Why the venue refuses an order's price or size, in the service's words; undefined when they fit.
 *
 * @param order - Limit price, size and optional trigger price, as sent.
 * @param asset - The order's asset.
 * @returns `Price must be divisible by tick size. asset=N`, `Order has invalid size.`, or undefined.
 * @example
 * const btc = MARKET[0];
 * if (btc) tickProblem({ p: "60000.5", s: "0.01" }, btc); // "Price must be divisible by tick size. asset=0"
 */
export function tickProblem(
  order: { p: string; s: string; triggerPx?: string },
  asset: MarketAsset,
): string | undefined {
  const prices = [order.p, ...(order.triggerPx === undefined ? [] : [order.triggerPx])];
  if (prices.some((px) => !priceFits(px, asset)))
    return `Price must be divisible by tick size. asset=${asset.index}`;
  if (decimalsOf(order.s) > asset.szDecimals) return "Order has invalid size.";
  return undefined;
}
