/**
 * A value that starts with 16+ digits right after `:`, `,`, `[` or at the start: the only places an
 * integer beyond 2^53 can sit. Long digit runs inside hex strings (zero padding) do not match, so
 * typical EVM answers take the fast path.
 */
const LONG_INTEGER_CANDIDATE = /(?:^|[:,[])\s*-?\d{16}/;
const MAX_SAFE = String(Number.MAX_SAFE_INTEGER); // "9007199254740991", 16 digits

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const MINUS = 0x2d;
const ZERO = 0x30;
const NINE = 0x39;
const DOT = 0x2e;
const LOWER_E = 0x65;
const UPPER_E = 0x45;

/**
 * Parses JSON without losing integer precision: integer literals beyond ±(2^53 − 1) become decimal
 * strings (`990000000000000000` -> `"990000000000000000"`), which int64 schemas accept and
 * {@link convertInt64} turns into `bigint`. Everything else is exactly `JSON.parse`: digits inside
 * strings, decimals and exponents are left alone. Text with no value starting with 16 digits takes
 * the `JSON.parse` fast path.
 *
 * @param text - JSON text.
 * @returns The parsed value.
 * @throws {SyntaxError} when the text is not JSON, as `JSON.parse` does.
 * @example
 * parseJson('{"total_supply":990000000000000000,"name":"BTT","price":0.5}');
 * // { total_supply: "990000000000000000", name: "BTT", price: 0.5 }
 */
export function parseJson(text: string): unknown {
  if (!LONG_INTEGER_CANDIDATE.test(text)) return JSON.parse(text);
  return JSON.parse(quoteUnsafeIntegers(text));
}

/**
 * Rewrites the text so that every unsafe integer literal outside strings is quoted. Strings are
 * skipped whole (with `indexOf` for speed); numbers are read whole so that fractions and exponents
 * are never mistaken for integers.
 */
function quoteUnsafeIntegers(text: string): string {
  let out = "";
  let copiedUpTo = 0;
  let i = 0;
  const length = text.length;
  while (i < length) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = endOfString(text, i);
      continue;
    }
    if (c !== MINUS && (c < ZERO || c > NINE)) {
      i++;
      continue;
    }
    const start = i;
    if (c === MINUS) i++;
    const digitsStart = i;
    while (i < length && isDigit(text.charCodeAt(i))) i++;
    const next = i < length ? text.charCodeAt(i) : -1;
    if (next === DOT || next === LOWER_E || next === UPPER_E) {
      while (i < length && isNumberChar(text.charCodeAt(i))) i++;
      continue;
    }
    if (isUnsafe(text, digitsStart, i)) {
      out += `${text.slice(copiedUpTo, start)}"${text.slice(start, i)}"`;
      copiedUpTo = i;
    }
  }
  return copiedUpTo === 0 ? text : out + text.slice(copiedUpTo);
}

/** Index just past the closing quote of the string that opens at `open`. */
function endOfString(text: string, open: number): number {
  let close = text.indexOf('"', open + 1);
  while (close !== -1) {
    let backslashes = 0;
    while (text.charCodeAt(close - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return close + 1;
    close = text.indexOf('"', close + 1);
  }
  return text.length; // unterminated: JSON.parse reports it
}

function isUnsafe(text: string, digitsStart: number, end: number): boolean {
  const digits = end - digitsStart;
  if (digits !== MAX_SAFE.length) return digits > MAX_SAFE.length;
  return text.slice(digitsStart, end) > MAX_SAFE;
}

function isDigit(c: number): boolean {
  return c >= ZERO && c <= NINE;
}

function isNumberChar(c: number): boolean {
  return isDigit(c) || c === DOT || c === LOWER_E || c === UPPER_E || c === MINUS || c === 0x2b;
}
