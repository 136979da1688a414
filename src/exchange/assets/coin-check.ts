import type { FieldIssue } from "../../runtime/errors/request-validation-error.js";
import type { AssetDirectory } from "./asset-directory.js";
import { closestNames } from "./closest-names.js";

/**
 * Checks a coin argument of an `/info` query against the exchange's assets: the service names a
 * perpetual by its name (`BTC`) and a spot pair by its name in `spotMeta` (`PURR/USDC`, `@107`),
 * case-sensitively, and answers an unknown coin with an empty result rather than an error.
 *
 * @param coin - What the caller passed.
 * @param pointer - Where it sits in the request (`/coin`, `/req/coin`).
 * @param assets - The exchange's assets.
 * @returns The issue, naming the closest valid names, or undefined when the coin is known.
 * @example
 * coinIssue("btc", "/coin", assets); // { pointer: "/coin", message: '"btc" is not a coin of this exchange (names are case-sensitive): did you mean "BTC"?' }
 */
export function coinIssue(coin: string, pointer: string, assets: AssetDirectory): FieldIssue | undefined {
  const names = assets.assets.map((asset) => asset.name);
  if (typeof coin !== "string" || names.includes(coin)) return undefined;
  // A pair named by its tokens ("HFUN/USDC") is `@<index>` to the service.
  const aliases = assets.named(coin).map((asset) => asset.name);
  const suggestions = aliases.length > 0 ? aliases : closestNames(coin, names);
  const hint =
    suggestions.length > 0
      ? `did you mean ${suggestions.map((name) => `"${name}"`).join(" or ")}?`
      : 'use a perpetual\'s name from meta ("BTC") or a spot pair\'s name from spotMeta ("PURR/USDC", "@107")';
  return {
    pointer,
    message: `${JSON.stringify(coin)} is not a coin of this exchange (names are case-sensitive): ${hint}`,
  };
}
