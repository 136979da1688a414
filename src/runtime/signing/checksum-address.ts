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
 * Why an address of 40 hex digits fails its EIP-55 checksum, in words that give the checksummed form
 * of the same hex; `undefined` when the checksum holds, or when the address carries none (all its
 * letters in one case, as viem accepts it).
 *
 * @param address - `0x` and 40 hex digits.
 * @example
 * checksumProblem("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD"); // "has a wrong EIP-55 checksum (…): check the address, then use 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed, …"
 */
export function checksumProblem(address: string): string | undefined {
  const digits = address.slice(2);
  if (digits === digits.toLowerCase() || digits === digits.toUpperCase()) return undefined;
  const checksummed = checksumAddress(address);
  if (checksummed === address) return undefined;
  return (
    "has a wrong EIP-55 checksum (the case of its letters does not match the Keccak-256 hash of the " +
    `lowercase address; a typo or a changed letter shows this way): check the address, then use ${checksummed}, ` +
    "or give it all lowercase to skip the check"
  );
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
