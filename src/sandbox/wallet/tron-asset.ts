import { toBase58Address } from "../../wallet/address.js";
import { textToHex } from "../../wallet/hex-text.js";

/** One frozen part of a token's supply. */
export interface FrozenSupply {
  frozen_amount: bigint;
  frozen_days: bigint;
}

/**
 * A TRC-10 token as the sandbox's chain stores it: text fields as text, the issuer as a `41…` hex
 * address, int64 fields as `bigint` (BitTorrent's supply is above 2^53). Optional fields are left
 * out when zero or empty, as java-tron omits them.
 */
export interface TronAsset {
  id: string;
  /** Issuer, 42 hex digits starting with `41`. */
  owner_address: string;
  name: string;
  abbr?: string;
  total_supply: bigint;
  frozen_supply?: readonly FrozenSupply[];
  trx_num: number;
  precision?: number;
  num: number;
  start_time?: bigint;
  end_time?: bigint;
  vote_score?: number;
  description?: string;
  url?: string;
  free_asset_net_limit?: bigint;
  public_free_asset_net_limit?: bigint;
}

/** The fields java-tron prints as hex with `visible: false` and as text with `visible: true`. */
const TEXT_FIELDS = new Set(["name", "abbr", "description", "url"]);

/**
 * Renders a token the way a java-tron node prints it: fields in protobuf order, text fields as hex
 * of their UTF-8 bytes and the issuer as `41…` hex when `visible` is false; plain text and a
 * Base58Check `T…` issuer when it is true.
 *
 * @param asset - The stored token.
 * @param visible - The request's `visible` flag (a missing flag is `false`, as on real nodes).
 * @returns A JSON-ready object; int64 fields stay `bigint` so they are written as exact integers.
 * @example
 * const btt = DEFAULT_ASSETS.find((asset) => asset.name === "BitTorrent");
 * if (btt) renderAsset(btt, false).name; // "426974546f7272656e74"
 */
export function renderAsset(asset: TronAsset, visible: boolean): Record<string, unknown> {
  const rendered: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(asset)) {
    if (value === undefined) continue;
    if (field === "owner_address") rendered[field] = visible ? toBase58Address(value as string) : value;
    else if (TEXT_FIELDS.has(field) && !visible) rendered[field] = textToHex(value as string);
    else rendered[field] = value;
  }
  // java-tron prints `id` last (it is the last protobuf field).
  const { id, ...rest } = rendered;
  return { ...rest, id };
}
