const HEX_DIGITS = /^[0-9a-fA-F]*$/;

/**
 * Reads hex the way java-tron's `ByteArray.fromHexString` does: a `0x` prefix is dropped and an odd
 * number of digits gets a leading `0`.
 *
 * @param value - The request's hex text.
 * @returns The bytes, or `undefined` when the text holds a character that is not a hex digit.
 * @example
 * decodeNodeHex("0x54524e"); // Uint8Array [0x54, 0x52, 0x4e]
 */
export function decodeNodeHex(value: string): Uint8Array | undefined {
  const digits = value.startsWith("0x") ? value.slice(2) : value;
  if (!HEX_DIGITS.test(digits)) return undefined;
  const even = digits.length % 2 === 1 ? `0${digits}` : digits;
  return Uint8Array.from(even.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
}
