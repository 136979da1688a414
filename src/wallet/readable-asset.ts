import { isHexAddress, toBase58Address } from "./address.js";
import { WalletEncodingError } from "./errors/wallet-encoding-error.js";
import { hexToText } from "./hex-text.js";

/** The text fields a node hex-encodes when `visible` is `false`. */
const TEXT_FIELDS = ["name", "abbr", "description", "url"] as const;

/**
 * Turns an asset issue as a node sends it with `visible: false` into the form it has with
 * `visible: true`: `name`, `abbr`, `description` and `url` decoded from hex to UTF-8 text, and a
 * `41…` hex `owner_address` converted to Base58Check `T…`. Other fields are copied unchanged.
 *
 * @param asset - One asset issue with `visible: false` encoding.
 * @returns A new object in readable form; the input is not modified.
 * @throws {WalletEncodingError} when a text field is not hex (the node did not use `visible: false`).
 *
 * @example
 * readableAssetIssue({ owner_address: "4137fa…d6", name: "425454", id: "1002000" });
 * // { owner_address: "TF5Bn4cJCT6GVeUgyCN4rBhDg42KBrpAjg", name: "BTT", id: "1002000" }
 */
export function readableAssetIssue<T extends object>(asset: T): T {
  const result: Record<string, unknown> = { ...(asset as Record<string, unknown>) };
  for (const field of TEXT_FIELDS) {
    const value = result[field];
    if (typeof value !== "string") continue;
    try {
      result[field] = hexToText(value);
    } catch {
      throw new WalletEncodingError(
        field,
        `Asset field ${field} is not hex: the node did not answer with visible false.`,
      );
    }
  }
  if (isHexAddress(result.owner_address)) {
    result.owner_address = toBase58Address(result.owner_address);
  }
  return result as T;
}
