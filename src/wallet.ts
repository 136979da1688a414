/**
 * `chainkit/wallet`: the TRON-style wallet node client and helpers for its encodings.
 */
export { isBase58Address, isHexAddress, toBase58Address, toHexAddress } from "./wallet/address.js";
export { hexToText, textToHex } from "./wallet/hex-text.js";
export { readableAssetIssue } from "./wallet/readable-asset.js";
