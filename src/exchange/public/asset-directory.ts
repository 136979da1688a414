// Bound for the entry: the exchange client loads asset-directory.ts with its asset checks, so the
// entry binds the name here rather than re-exporting the module (signing/index.ts says why).
import {
  createAssetDirectory as createAssetDirectoryOf,
  SPOT_ASSET_OFFSET as SPOT_ASSET_OFFSET_OF,
} from "../assets/asset-directory.js";

/** The assets of `meta` and `spotMeta` by index and by name (see {@link createAssetDirectoryOf}). */
export const createAssetDirectory = createAssetDirectoryOf;
/** Offset of spot asset indexes: spot pair `i` is asset `10000 + i` (see {@link SPOT_ASSET_OFFSET_OF}). */
export const SPOT_ASSET_OFFSET = SPOT_ASSET_OFFSET_OF;
