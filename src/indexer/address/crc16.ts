/**
 * CRC-16/XMODEM (polynomial 0x1021, initial value 0), the checksum at the end of every
 * user-friendly TON address.
 *
 * @param bytes - The bytes to check (for an address: the flag, workchain and hash bytes).
 * @returns The 16-bit checksum.
 * @example
 * crc16Xmodem(new TextEncoder().encode("123456789")); // 0x31c3
 */
export function crc16Xmodem(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc;
}
