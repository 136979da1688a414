/** The Bitcoin Base58 alphabet, which TRON addresses use. */
const ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const DIGIT_OF = new Map([...ALPHABET].map((char, index) => [char, index]));

/** Encodes bytes as Base58 (leading zero bytes become leading `1`s). */
export function encodeBase58(bytes: Uint8Array): string {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  let text = "";
  while (value > 0n) {
    text = ALPHABET[Number(value % 58n)] + text;
    value /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    text = `1${text}`;
  }
  return text;
}

/**
 * Decodes Base58 text to bytes.
 *
 * @returns The bytes, or `undefined` when the text holds a character outside the alphabet.
 */
export function decodeBase58(text: string): Uint8Array | undefined {
  let value = 0n;
  for (const char of text) {
    const digit = DIGIT_OF.get(char);
    if (digit === undefined) return undefined;
    value = value * 58n + BigInt(digit);
  }
  const body: number[] = [];
  while (value > 0n) {
    body.unshift(Number(value & 0xffn));
    value >>= 8n;
  }
  let leadingZeros = 0;
  while (text[leadingZeros] === "1") leadingZeros++;
  return Uint8Array.from([...new Array<number>(leadingZeros).fill(0), ...body]);
}
