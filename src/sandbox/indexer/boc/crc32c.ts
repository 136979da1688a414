/** CRC-32C (Castagnoli, reflected polynomial 0x82f63b78), the checksum at the end of a BoC. */
const TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/**
 * CRC-32C of some bytes.
 *
 * @param bytes - The bytes.
 * @returns The checksum as an unsigned 32-bit number (a BoC stores it little-endian).
 * @example
 * crc32c(new TextEncoder().encode("123456789")); // 0xe3069283
 */
export function crc32c(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
