import { Keccak } from "@noble/hashes/sha3.js";

// noble's one-shot `keccak_256(data)` builds a hasher per call (a 200-byte state, its word view,
// argument checks) and a fresh digest. A proof walk hashes a dozen nodes, so it reuses one hasher,
// reset by cloning a pristine one into it. Both are created on first use: nothing runs at load time.
let pristine: Keccak | undefined;
let hasher: Keccak | undefined;

/**
 * Writes keccak-256 of `data` into `out` (noble's keccak, one reused hasher, no allocation).
 *
 * @param data - the bytes to hash
 * @param out - receives the 32-byte digest (overwritten)
 * @returns `out`
 * @example
 * const digest = keccakInto(new TextEncoder().encode("abc"), new Uint8Array(32));
 */
export function keccakInto(data: Uint8Array, out: Uint8Array): Uint8Array {
  // keccak-256 as noble defines it: 136-byte rate, 0x01 padding, 32-byte digest.
  pristine ??= new Keccak(136, 0x01, 32);
  hasher = pristine._cloneInto(hasher);
  hasher.update(data);
  hasher.digestInto(out);
  return out;
}
