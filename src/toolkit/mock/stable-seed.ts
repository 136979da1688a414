/**
 * A seed for one answer, from the mock's seed and what identifies the request (FNV-1a): the same
 * request to a mock of the same seed gets the same answer, and different operations differ.
 *
 * @param seed - The mock's seed.
 * @param parts - The operation and the request path, say.
 * @returns A 32-bit seed.
 * @example
 * stableSeed(1, "getPetById", "/pet/7") === stableSeed(1, "getPetById", "/pet/7"); // true
 */
export function stableSeed(seed: number, ...parts: string[]): number {
  let hash = (0x811c9dc5 ^ seed) >>> 0;
  for (const char of parts.join("\u0000")) {
    hash ^= char.codePointAt(0) as number;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
