import type { Meta, SpotMeta } from "../../../generated/exchange/types.js";
import { RequestValidationError } from "../../runtime/errors/request-validation-error.js";

/** One tradable asset, as orders name it (`a`) and as prices and sizes must fit it. */
export interface AssetInfo {
  /** The asset index, the `a` of an order: a perpetual's position in `meta`, or 10000 + a spot pair's index. */
  index: number;
  /** The coin's name as books and fills show it: `BTC`, `PURR/USDC`, `@107`. */
  name: string;
  kind: "perp" | "spot";
  /** Decimals a size may have. */
  szDecimals: number;
  /** Decimals a price may have: 6 (perpetuals) or 8 (spot) minus `szDecimals`. */
  maxPriceDecimals: number;
  /** The highest leverage (perpetuals). */
  maxLeverage?: number;
  /** The asset no longer trades. */
  isDelisted?: boolean;
}

/** The assets of one exchange, by index and by name, built from `meta` and `spotMeta`. */
export interface AssetDirectory {
  /** Every asset: perpetuals in index order, then spot pairs. */
  readonly assets: readonly AssetInfo[];
  /**
   * The asset with this index or name (`"BTC"`, `"PURR/USDC"`, `"@107"`, or `"HFUN/USDC"` by its tokens), if any.
   *
   * @throws {RequestValidationError} when several assets have that name (a hostile or mistaken
   *   `spotMeta`): the message lists their indexes, to pass one instead.
   */
  get(asset: number | string): AssetInfo | undefined;
  /** Every asset a name could mean: none, one, or several when the exchange's lists repeat a name. */
  named(name: string): readonly AssetInfo[];
  /**
   * The index of a named asset, for an order's `a`.
   *
   * @throws {RequestValidationError} when no asset has that name, or several do.
   */
  index(name: string): number;
}

/** Offset of spot asset indexes: spot pair `i` is asset `10000 + i`. */
export const SPOT_ASSET_OFFSET = 10_000;

/**
 * Builds the asset lookup from the exchange's `meta` (perpetuals, indexed by position) and,
 * optionally, `spotMeta` (spot pairs, indexed 10000 + pair index, sized by their base token).
 *
 * @param meta - The `meta` answer.
 * @param spotMeta - The `spotMeta` answer, to know spot pairs too.
 * @returns The directory.
 * @example
 * const assets = createAssetDirectory(await info.meta(), await info.spotMeta());
 * assets.index("BTC"); // 0
 * assets.get("PURR/USDC"); // { index: 10000, kind: "spot", szDecimals: 0, maxPriceDecimals: 8, ... }
 */
export function createAssetDirectory(meta: Meta, spotMeta?: SpotMeta): AssetDirectory {
  const assets: AssetInfo[] = meta.universe.map((perp, index) => ({
    index,
    name: perp.name,
    kind: "perp",
    szDecimals: perp.szDecimals,
    maxPriceDecimals: Math.max(0, 6 - perp.szDecimals),
    maxLeverage: perp.maxLeverage,
    ...(perp.isDelisted === true && { isDelisted: true }),
  }));
  // A name may come twice (a spot pair named like a perpetual, two tokens of one name): every asset
  // it could mean is kept, so the lookup refuses it rather than picking one.
  const byName = new Map<string, AssetInfo[]>();
  const byTokens = new Map<string, AssetInfo[]>();
  const add = (names: Map<string, AssetInfo[]>, name: string, asset: AssetInfo) => {
    const known = names.get(name);
    if (!known) names.set(name, [asset]);
    else if (!known.includes(asset)) known.push(asset);
  };
  for (const asset of assets) add(byName, asset.name, asset);
  const tokens = new Map((spotMeta?.tokens ?? []).map((token) => [token.index, token]));
  for (const pair of spotMeta?.universe ?? []) {
    const base = tokens.get(pair.tokens[0] as number);
    const quote = tokens.get(pair.tokens[1] as number);
    if (!base) continue; // a pair without its token cannot be sized
    const asset: AssetInfo = {
      index: SPOT_ASSET_OFFSET + pair.index,
      name: pair.name,
      kind: "spot",
      szDecimals: base.szDecimals,
      maxPriceDecimals: Math.max(0, 8 - base.szDecimals),
    };
    assets.push(asset);
    add(byName, pair.name, asset);
    if (quote) add(byTokens, `${base.name}/${quote.name}`, asset);
  }
  const byIndex = new Map(assets.map((asset) => [asset.index, asset]));
  // The service's own names come first; a pair named by its tokens only when no asset has that name.
  const named = (name: string): readonly AssetInfo[] => byName.get(name) ?? byTokens.get(name) ?? [];
  const one = (name: string): AssetInfo | undefined => {
    const [only, ...others] = named(name);
    if (others.length === 0) return only;
    throw new RequestValidationError("assets", [{ pointer: "/name", message: ambiguity(name, named(name)) }]);
  };
  return {
    assets,
    get: (asset) => (typeof asset === "number" ? byIndex.get(asset) : one(asset)),
    named,
    index(name) {
      const asset = one(name);
      if (!asset) {
        throw new RequestValidationError("assets", [
          {
            pointer: "/name",
            message: `"${name}" is not an asset of this exchange: use a name from meta (perpetuals, e.g. "BTC") or spotMeta (pairs, e.g. "PURR/USDC")`,
          },
        ]);
      }
      return asset.index;
    },
  };
}

/** Why a name cannot be looked up: the assets it could mean, and how to pick one. */
function ambiguity(name: string, candidates: readonly AssetInfo[]): string {
  const listed = candidates
    .map(
      (asset) =>
        `${asset.index} (${asset.kind === "perp" ? "perpetual" : "spot pair"} ${JSON.stringify(asset.name)})`,
    )
    .join(", ");
  const first = candidates[0]?.index ?? 0;
  return `${JSON.stringify(name)} names ${candidates.length} assets of this exchange: ${listed}; pass the index of the one you mean instead of its name, e.g. get(${first})`;
}
