import { keccak256 } from "../hashing/keccak-256.js";

// Written here rather than taken from @noble/hashes/utils: an EVM client checks checksums on its
// first call, and that module would be one more chunk (and file to load) for it.
const HEX_DIGITS = "0123456789abcdef";

/**
 * The EIP-55 checksummed form of an address: each letter upper-cased where the Keccak-256 of the
 * lower-case address has a nibble of 8 or more.
 *
 * @param address - 40 hex digits, with or without `0x`, any case.
 * @returns `0x` + the checksummed digits.
 * @example
 * checksumAddress("0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed"); // "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"
 */
export function checksumAddress(address: string): `0x${string}` {
  const lower = address.replace(/^0x/, "").toLowerCase();
  const hash = keccak256(new TextEncoder().encode(lower));
  let checksummed = "0x";
  for (let i = 0; i < lower.length; i++) {
    const char = lower[i] as string;
    // The hash's i-th hex digit: the high nibble of byte i/2 for even i, the low one for odd i.
    const nibble = ((hash[i >> 1] as number) >> (i % 2 === 0 ? 4 : 0)) & 15;
    checksummed += nibble >= 8 ? char.toUpperCase() : char;
  }
  return checksummed as `0x${string}`;
}

/**
 * The checksummed address of an uncompressed secp256k1 public key: the last 20 bytes of the
 * Keccak-256 of the key without its `04` prefix.
 *
 * @param publicKey - 65 bytes, `04` first.
 * @example
 * import { secp256k1 } from "@noble/curves/secp256k1.js";
 * addressOfPublicKey(secp256k1.getPublicKey(new Uint8Array(32).fill(7), false)); // "0x…"
 */
export function addressOfPublicKey(publicKey: Uint8Array): `0x${string}` {
  let address = "";
  for (const byte of keccak256(publicKey.subarray(1)).subarray(12)) {
    address += (HEX_DIGITS[byte >> 4] as string) + (HEX_DIGITS[byte & 15] as string);
  }
  return checksumAddress(address);
}
