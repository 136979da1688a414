import { keccakInto } from "./keccak.js";

/** A log's address and topics, decoded: what its bloom bits are taken from. */
export interface BloomEntry {
  address: Uint8Array;
  topics: readonly Uint8Array[];
}

// Scratch for the hashes (the bloom is computed synchronously and never re-enters itself).
const DIGEST = /* @__PURE__ */ new Uint8Array(32);

// Sets the three bits keccak(value) selects: the low 11 bits of each of its first three byte pairs,
// counted from the bloom's last byte (the yellow paper's M3:2048).
function addToBloom(bloom: Uint8Array, value: Uint8Array): void {
  keccakInto(value, DIGEST);
  for (let i = 0; i < 6; i += 2) {
    const bit = (((DIGEST[i] as number) << 8) | (DIGEST[i + 1] as number)) & 2047;
    const at = 255 - (bit >> 3);
    bloom[at] = (bloom[at] as number) | (1 << (bit & 7));
  }
}

/**
 * Computes the 256-byte logs bloom of a receipt: every log's address and each of its topics.
 *
 * @param logs - the receipt's logs, decoded
 * @returns the bloom
 * @example
 * const bloom = logsBloom([{ address, topics: [transferTopic] }]);
 */
export function logsBloom(logs: readonly BloomEntry[]): Uint8Array {
  const bloom = new Uint8Array(256);
  for (const log of logs) {
    addToBloom(bloom, log.address);
    for (const topic of log.topics) addToBloom(bloom, topic);
  }
  return bloom;
}
