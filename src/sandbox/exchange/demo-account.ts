import { secp256k1 } from "@noble/curves/secp256k1.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { bytesToHex, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";
import type { Order } from "../../../generated/exchange/types.js";

/** An exchange account the sandbox knows: its key (for the demo) and address. */
export interface DemoAccount {
  /** `0x` + 64 hex. Public on purpose: it only exists in the sandbox. Never fund it anywhere. */
  privateKey: string;
  /** Lowercase `0x` address. */
  address: string;
}

/**
 * The address of a secp256k1 private key.
 *
 * @param privateKey - `0x` + 64 hex.
 * @returns The lowercase `0x` address.
 */
export function addressOf(privateKey: string): string {
  const publicKey = secp256k1.getPublicKey(hexToBytes(privateKey.slice(2)), false);
  return `0x${bytesToHex(keccak_256(publicKey.subarray(1)).subarray(12))}`;
}

/**
 * The sandbox's demo exchange account. Its key is derived from a fixed phrase, so it is the same in
 * every run and anyone can recompute it: a sandbox key, not a secret.
 */
export const DEMO_ACCOUNT: DemoAccount = (() => {
  const privateKey = `0x${bytesToHex(keccak_256(utf8ToBytes("chainkit sandbox demo exchange key")))}`;
  return Object.freeze({ privateKey, address: addressOf(privateKey) });
})();

/** The market maker whose orders make the seeded books: an address from a fixed phrase, with no key anyone holds. */
export const HOUSE_ADDRESS = `0x${bytesToHex(keccak_256(utf8ToBytes("chainkit sandbox market maker")).subarray(12))}`;

/** The orders resting for the demo account when the sandbox starts: away from the book, so they rest. */
export const DEMO_ORDERS: readonly Order[] = Object.freeze([
  { a: 0, b: true, p: "55000", s: "0.01", r: false, t: { limit: { tif: "Gtc" } } },
  {
    a: 1,
    b: false,
    p: "3500",
    s: "0.5",
    r: false,
    t: { limit: { tif: "Gtc" } },
    c: "0x00000000000000000000000000000001",
  },
  { a: 0, b: false, p: "65000", s: "0.02", r: false, t: { limit: { tif: "Alo" } } },
]);
