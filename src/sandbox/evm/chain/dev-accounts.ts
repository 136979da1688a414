import { secp256k1 } from "@noble/curves/secp256k1.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { bytesToHex } from "@noble/hashes/utils.js";

/** A funded account of the sandbox's chain: its address (lowercase) and private key. */
export interface DevAccount {
  address: string;
  privateKey: `0x${string}`;
}

/** What each funded account holds at genesis: 1,000,000 of the native coin (18 decimals). */
export const DEV_ACCOUNT_BALANCE = 10n ** 24n;

/**
 * The chain's funded accounts: the same on every run, so tests and docs can name them. Key `i` is
 * keccak256("chainkit sandbox account <i>"), a valid secp256k1 scalar for every index used here.
 *
 * @param count - How many accounts.
 * @returns The accounts, in order.
 * @example
 * devAccounts(2)[0]?.address; // the first funded account
 */
export function devAccounts(count: number): DevAccount[] {
  return Array.from({ length: count }, (_, index) => {
    const key = keccak_256(new TextEncoder().encode(`chainkit sandbox account ${index}`));
    return { address: addressOfKey(key), privateKey: `0x${bytesToHex(key)}` as const };
  });
}

/** The Ethereum address of a private key: the last 20 bytes of keccak256 of the uncompressed public key. */
function addressOfKey(key: Uint8Array): string {
  const publicKey = secp256k1.getPublicKey(key, false).slice(1);
  return `0x${bytesToHex(keccak_256(publicKey).slice(-20))}`;
}
