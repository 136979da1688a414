import { keccak256Into } from "../../runtime/hashing/keccak-256.js";

/**
 * The three bloom bits each value sets, remembered by the value's hex as the node sent it: in a
 * block, the same contracts and event topics (Transfer, Approval) recur in log after log, and each
 * saves a keccak. One cache serves one verification; nothing outlives it.
 */
export type BloomBitsCache = Map<string, number>;

/** A value that goes into a bloom: its bytes, and its hex as sent (the cache key). */
export interface BloomValue {
  bytes: Uint8Array;
  hex: string;
}

// Scratch for the hash (the bloom is computed synchronously and never re-enters itself).
const DIGEST = /* @__PURE__ */ new Uint8Array(32);

// The low 11 bits of each of keccak(value)'s first three byte pairs (the yellow paper's M3:2048),
// packed into one number: bit0 + bit1·2048 + bit2·2048².
function bloomBits(value: BloomValue, cache: BloomBitsCache | undefined): number {
  const cached = cache?.get(value.hex);
  if (cached !== undefined) return cached;
  keccak256Into(value.bytes, DIGEST);
  let packed = 0;
  for (let i = 4; i >= 0; i -= 2) {
    packed = packed * 2048 + ((((DIGEST[i] as number) << 8) | (DIGEST[i + 1] as number)) & 2047);
  }
  cache?.set(value.hex, packed);
  return packed;
}

/**
 * Adds one value (a log's address or a topic) to a 256-byte logs bloom: it sets three bits, counted
 * from the bloom's last byte.
 *
 * @param bloom - the bloom to add to (changed in place)
 * @param value - the value's bytes and hex
 * @param cache - remembers each value's bits across the logs of one verification
 * @example
 * const bloom = new Uint8Array(256);
 * addToBloom(bloom, { bytes: new Uint8Array(20), hex: `0x${"00".repeat(20)}` }, new Map());
 */
export function addToBloom(bloom: Uint8Array, value: BloomValue, cache?: BloomBitsCache): void {
  let packed = bloomBits(value, cache);
  for (let k = 0; k < 3; k++) {
    const bit = packed % 2048;
    packed = (packed - bit) / 2048;
    const at = 255 - (bit >> 3);
    bloom[at] = (bloom[at] as number) | (1 << (bit & 7));
  }
}
