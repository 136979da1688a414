import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";
import { decodeBase58, encodeBase58 } from "./base58.js";
import { WalletEncodingError } from "./errors/wallet-encoding-error.js";

/** The first byte of every TRON mainnet and testnet address. */
const ADDRESS_PREFIX = 0x41;
const ADDRESS_BYTES = 21;
const CHECKSUM_BYTES = 4;
const HEX_ADDRESS = /^(?:0x)?41[0-9a-fA-F]{40}$/;

function checksum(payload: Uint8Array): Uint8Array {
  return sha256(sha256(payload)).subarray(0, CHECKSUM_BYTES);
}

/**
 * Converts a hex address (`41…`, 21 bytes, as nodes send it with `visible: false`) to its
 * Base58Check form (`T…`, as nodes send it with `visible: true`).
 *
 * @param hex - 42 hex digits starting with `41`; a `0x` prefix is accepted.
 * @returns The Base58Check address, e.g. `TF5Bn4cJCT6GVeUgyCN4rBhDg42KBrpAjg`.
 * @throws {WalletEncodingError} when `hex` is not a 21-byte address starting with `41`.
 *
 * @example
 * toBase58Address("4137fa1a56eb8c503624701d776d95f6dae1d9f0d6"); // "TF5Bn4cJCT6GVeUgyCN4rBhDg42KBrpAjg"
 */
export function toBase58Address(hex: string): string {
  if (typeof hex !== "string" || !HEX_ADDRESS.test(hex)) {
    throw new WalletEncodingError(
      "address",
      "Invalid hex address: expected 42 hex digits starting with 41.",
      `got ${describe(hex)}`,
    );
  }
  const payload = hexToBytes(hex.replace(/^0x/, ""));
  const full = new Uint8Array(ADDRESS_BYTES + CHECKSUM_BYTES);
  full.set(payload);
  full.set(checksum(payload), ADDRESS_BYTES);
  return encodeBase58(full);
}

/**
 * Converts a Base58Check address (`T…`) to the hex form nodes use with `visible: false` (`41…`,
 * lowercase, no `0x`).
 *
 * @param address - A Base58Check TRON address.
 * @returns 42 lowercase hex digits starting with `41`.
 * @throws {WalletEncodingError} when the text is not Base58, has the wrong length or prefix, or its
 *   checksum does not match (a mistyped address).
 *
 * @example
 * toHexAddress("TF5Bn4cJCT6GVeUgyCN4rBhDg42KBrpAjg"); // "4137fa1a56eb8c503624701d776d95f6dae1d9f0d6"
 */
export function toHexAddress(address: string): string {
  const bytes = typeof address === "string" ? decodeBase58(address) : undefined;
  if (!bytes || bytes.length !== ADDRESS_BYTES + CHECKSUM_BYTES || bytes[0] !== ADDRESS_PREFIX) {
    throw new WalletEncodingError(
      "address",
      "Invalid Base58Check address: expected a 21-byte address starting with T.",
      `got ${describe(address)}`,
    );
  }
  const payload = bytes.subarray(0, ADDRESS_BYTES);
  const expected = checksum(payload);
  if (!expected.every((byte, index) => byte === bytes[ADDRESS_BYTES + index])) {
    throw new WalletEncodingError(
      "address",
      "Invalid Base58Check address: the checksum does not match.",
      `got ${describe(address)}`,
    );
  }
  return bytesToHex(payload);
}

/**
 * Tells whether a value is a well-formed Base58Check TRON address (right prefix, length and checksum).
 *
 * @example
 * isBase58Address("TF5Bn4cJCT6GVeUgyCN4rBhDg42KBrpAjg"); // true
 */
export function isBase58Address(value: unknown): value is string {
  if (typeof value !== "string") return false;
  try {
    toHexAddress(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * Tells whether a value is a hex TRON address: `41` followed by 40 hex digits, with or without `0x`.
 * It checks the form only; a hex address carries no checksum.
 *
 * @example
 * isHexAddress("417e5f4552091a69125d5dfcb7b8c2659029395bdf"); // true
 * isHexAddress("0x417e5f4552091a69125d5dfcb7b8c2659029395bdf"); // true
 * isHexAddress("7e5f4552091a69125d5dfcb7b8c2659029395bdf"); // false: an Ethereum address, no 41
 * isHexAddress("TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC"); // false: Base58Check (see isBase58Address)
 */
export function isHexAddress(value: unknown): value is string {
  return typeof value === "string" && HEX_ADDRESS.test(value);
}

/** A short, safe description of a bad input for error details (addresses are public data). */
function describe(value: unknown): string {
  if (typeof value !== "string") return typeof value;
  return value.length > 64 ? `a ${value.length}-character string` : JSON.stringify(value);
}
