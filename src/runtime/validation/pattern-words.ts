/**
 * Shapes the specs give as patterns, said in words. Each entry recognises a pattern by its source
 * and returns what a matching string looks like; the first that matches wins.
 */
const SHAPES: readonly [RegExp, (match: RegExpExecArray) => string][] = [
  [/^\^0x\[0-9a-f(?:A-F)?\]\{(\d+)\}\$$/, ([, digits]) => hexOfDigits(Number(digits))],
  [/^\^0x\[0-9a-f(?:A-F)?\]\{1,(\d+)\}\$$/, ([, digits]) => `hex: 0x and 1 to ${digits} hex digits`],
  [/^\^0x\[0-9a-f(?:A-F)?\]\+\$$/, () => "hex: 0x and at least one hex digit"],
  [/^\^0x\(\?:\[0-9a-f(?:A-F)?\]\{2\}\)\*\$$/, () => "hex bytes: 0x and an even number of hex digits"],
  [
    /^\^0x\(0\|\[1-9a-f(?:A-F)?\]\[0-9a-f(?:A-F)?\]\*\)\$$/,
    () => "a hex quantity: 0x and hex digits without leading zeros (0x0 for zero)",
  ],
  [/^\^\[0-9\]\+\$$/, () => "a decimal string: digits only"],
  [/^\^-\?\[0-9\]\+\$$/, () => "a whole number: digits, with an optional leading minus"],
  [
    /^\^-\?\[0-9\]\+\(\\\.\[0-9\]\+\)\?\$$/,
    () => "a decimal number: digits with an optional minus and fraction",
  ],
  [
    /^\^\[0-9\]\+\(\\\.\[0-9\]\+\)\?\$$/,
    () => "a decimal number that is not negative: digits with an optional fraction",
  ],
  [
    /^\^\(0\|\[1-9\]\[0-9\]\*\)\(\\\.\[0-9\]\*\[1-9\]\)\?\$$/,
    () => "a decimal number without leading zeros or trailing zeros after the point",
  ],
];

function hexOfDigits(digits: number): string {
  return digits % 2 === 0
    ? `hex of ${digits / 2} bytes: 0x and ${digits} hex digits`
    : `hex: 0x and ${digits} hex digits`;
}

/**
 * Says what a string must look like to match a pattern: hex and decimal shapes in words, any other
 * pattern quoted as it is.
 *
 * @param pattern - The pattern's source, as the schema gives it.
 * @returns A phrase that completes "must be …" or "must match …".
 * @example
 * describePattern("^0x[0-9a-fA-F]{64}$"); // "must be hex of 32 bytes: 0x and 64 hex digits"
 * describePattern("^TH-[0-9]+$");        // "must match the pattern ^TH-[0-9]+$"
 */
export function describePattern(pattern: string): string {
  for (const [shape, words] of SHAPES) {
    const match = shape.exec(pattern);
    if (match) return `must be ${words(match)}`;
  }
  return `must match the pattern ${pattern}`;
}
