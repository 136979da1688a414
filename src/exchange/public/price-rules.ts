// Bound for the entry: the exchange client loads price-rules.ts with its asset checks, so the entry
// binds the names here rather than re-exporting the module (signing/index.ts says why).
import {
  priceProblem as priceProblemOf,
  roundPrice as roundPriceOf,
  roundSize as roundSizeOf,
  sizeProblem as sizeProblemOf,
} from "../assets/price-rules.js";

/** What is wrong with a price for an asset, or `undefined` (see {@link priceProblemOf}). */
export const priceProblem = priceProblemOf;
/** What is wrong with a size for an asset, or `undefined` (see {@link sizeProblemOf}). */
export const sizeProblem = sizeProblemOf;
/** A price rounded to what the asset allows (see {@link roundPriceOf}). */
export const roundPrice = roundPriceOf;
/** A size rounded to what the asset allows (see {@link roundSizeOf}). */
export const roundSize = roundSizeOf;
