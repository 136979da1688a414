/**
 * The byte pass that issue 47 (item 3) proposed to take the hex digit check off the JavaScript string
 * path, written as a tight JavaScript loop so the floor table can time it: one pass over an answer's
 * bytes, before they are decoded, that records for each decoded string length whether every string
 * token of that length is hex digits only, or `0x` then hex digits only. A validator could then
 * accept a hex string at once when its length says every string of that length is hex, with no
 * need to match the bytes' strings to the parsed ones in order. chainkit does not use it: on the
 * bench's answers the pass costs more than the digit reads it would save (see docs/performance.md,
 * "Where a validated answer's time goes").
 */

/** Bit set for a length when some string of that length is not plain hex digits. */
export const NOT_PLAIN_HEX = 1;
/** Bit set for a length when some string of that length is not `0x` then hex digits. */
export const NOT_PREFIXED_HEX = 2;
/** Strings longer than this are not recorded; their checks would read the digits as today. */
export const LONGEST_RECORDED = 4096;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const ZERO = 0x30;
const LOWER_X = 0x78;
/** A `\uXXXX` escape: six bytes for one UTF-16 unit, the most bytes per decoded unit. */
const MOST_BYTES_PER_UNIT = 6;

/** 0 for a hex digit, 1 for any other ASCII byte, 2 for a byte of a multi-byte character. */
const BYTE_CLASS = new Uint8Array(256).fill(1);
for (const digit of "0123456789abcdefABCDEF") BYTE_CLASS[digit.charCodeAt(0)] = 0;
BYTE_CLASS.fill(2, 0x80);

/**
 * For each decoded length up to {@link LONGEST_RECORDED}, the shapes that some string token of that
 * length does not have ({@link NOT_PLAIN_HEX}, {@link NOT_PREFIXED_HEX}), keys included. A string
 * with an escape or a non-ASCII byte is not decoded: every length it could decode to (from a sixth
 * of its bytes to all of them) is marked as holding a string of neither shape. The text must be JSON
 * that `JSON.parse` accepted, so quotes outside strings only open them.
 *
 * @param bytes - The answer as received.
 * @returns One byte of bits per length; a clear bit means every string of that length has that shape.
 */
export function stringShapesByLength(bytes: Uint8Array): Uint8Array {
  const notShapes = new Uint8Array(LONGEST_RECORDED + 1);
  const end = bytes.length;
  let i = 0;
  for (;;) {
    while (i < end && bytes[i] !== QUOTE) i++;
    if (i >= end) return notShapes;
    const start = ++i;
    let shape = NOT_PREFIXED_HEX;
    if (bytes[i] === ZERO && bytes[i + 1] === LOWER_X) {
      shape = NOT_PLAIN_HEX;
      i += 2;
    }
    let classes = 0;
    let byte = 0;
    while (i < end) {
      byte = bytes[i] as number;
      if (byte === QUOTE || byte === BACKSLASH) break;
      classes |= BYTE_CLASS[byte] as number;
      i++;
    }
    if (byte === BACKSLASH || classes > 1) {
      // Its decoded length is not known without decoding it: mark every length it could have.
      while (i < end && bytes[i] !== QUOTE) i += bytes[i] === BACKSLASH ? 2 : 1;
      const rawLength = i - start;
      const longest = Math.min(rawLength, LONGEST_RECORDED);
      for (let length = Math.ceil(rawLength / MOST_BYTES_PER_UNIT); length <= longest; length++)
        notShapes[length] = NOT_PLAIN_HEX | NOT_PREFIXED_HEX;
      i++;
      continue;
    }
    const length = i - start;
    i++;
    if (length <= LONGEST_RECORDED)
      notShapes[length] =
        (notShapes[length] as number) | (classes === 0 ? shape : NOT_PLAIN_HEX | NOT_PREFIXED_HEX);
  }
}
