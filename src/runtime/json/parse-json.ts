const MAX_SAFE = String(Number.MAX_SAFE_INTEGER); // "9007199254740991", 16 digits
/** Marks an unsafe integer quoted for `bigint: true`; random, so no string of the text can match it. */
const BIGINT_MARK = `\u0000bigint${Math.random().toString(36).slice(2, 10)}:`;
/** The mark as written into JSON text: the NUL character as its `\u0000` escape. */
const BIGINT_MARK_JSON = `\\u0000${BIGINT_MARK.slice(1)}`;

/** Options of {@link parseJson}. */
export interface ParseJsonOptions {
  /**
   * Read integers beyond ±(2^53 − 1) as `bigint` instead of decimal strings (default `false`).
   * Integers within that range stay numbers either way.
   */
  bigint?: boolean;
}

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
 * {@link convertInt64} turns into `bigint`. An integral value written with a fraction or an exponent
 * (`9007199254740993.0`, `9.007199254740993e15`) is read the same way, exactly. Everything else is
 * exactly `JSON.parse`: digits inside strings, fractions and small numbers are left alone.
 *
 * The text is parsed with `JSON.parse` first. Only when that result holds a number beyond
 * ±(2^53 − 1) is the text parsed again, with its unsafe integer literals quoted. A literal beyond
 * 2^53 − 1 always parses to such a number, so none is rounded silently. Checking the parsed values
 * costs a few percent of `JSON.parse`. Scanning the text first costs about half of it.
 *
 * With `{ bigint: true }` those literals become `bigint` instead, which is what a program that saved
 * an answer with {@link stringifyJson} usually wants back.
 *
 * @param text - JSON text.
 * @param options - `bigint: true` to read unsafe integers as `bigint`.
 * @returns The parsed value.
 * @throws {SyntaxError} when the text is not JSON, as `JSON.parse` does.
 * @example
 * parseJson('{"total_supply":990000000000000000,"name":"BTT","price":0.5}');
 * // { total_supply: "990000000000000000", name: "BTT", price: 0.5 }
 * parseJson('{"total_supply":990000000000000000}', { bigint: true });
 * // { total_supply: 990000000000000000n }
 */
export function parseJson(text: string, options?: ParseJsonOptions): unknown {
  const value: unknown = JSON.parse(text);
  if (!holdsUnsafeNumber(value)) return value;
  if (options?.bigint !== true) return JSON.parse(quoteUnsafeIntegers(text, ""));
  return JSON.parse(quoteUnsafeIntegers(text, BIGINT_MARK_JSON), (_key, item: unknown) =>
    typeof item === "string" && item.startsWith(BIGINT_MARK) ? BigInt(item.slice(BIGINT_MARK.length)) : item,
  );
}

/**
 * Whether a parsed JSON value holds a number beyond ±(2^53 − 1) anywhere. The walk uses its own
 * stack, not recursion, because `JSON.parse` accepts nesting deeper than the call stack allows.
 */
function holdsUnsafeNumber(root: unknown): boolean {
  if (typeof root !== "object" || root === null) return isUnsafeNumber(root);
  const pending: object[] = [root];
  while (pending.length > 0) {
    const container = pending.pop() as Record<string, unknown>;
    if (Array.isArray(container)) {
      for (let i = 0; i < container.length; i++) {
        const item: unknown = container[i];
        if (typeof item === "object") {
          if (item !== null) pending.push(item);
        } else if (isUnsafeNumber(item)) return true;
      }
      continue;
    }
    for (const key in container) {
      const item = container[key];
      if (typeof item === "object") {
        if (item !== null) pending.push(item);
      } else if (isUnsafeNumber(item)) return true;
    }
  }
  return false;
}

function isUnsafeNumber(value: unknown): boolean {
  return typeof value === "number" && (value > Number.MAX_SAFE_INTEGER || value < -Number.MAX_SAFE_INTEGER);
}

/**
 * Rewrites the text so that every unsafe integer literal outside strings is quoted (after `mark`,
 * which may be empty). Strings are
 * skipped whole (with `indexOf` for speed); numbers are read whole so that fractions and exponents
 * are never mistaken for integers.
 */
function quoteUnsafeIntegers(text: string, mark: string): string {
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
      // `9007199254740993.0` and `9.007199254740993e15` are integers too: quote their exact digits.
      const exact = integralDigits(text.slice(digitsStart, i));
      if (exact !== undefined && isUnsafeDigits(exact)) {
        const sign = c === MINUS ? "-" : "";
        out += `${text.slice(copiedUpTo, start)}"${mark}${sign}${exact}"`;
        copiedUpTo = i;
      }
      continue;
    }
    if (isUnsafe(text, digitsStart, i)) {
      out += `${text.slice(copiedUpTo, start)}"${mark}${text.slice(start, i)}"`;
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

function isUnsafeDigits(digits: string): boolean {
  return isUnsafe(digits, 0, digits.length);
}

/** Past this many digits an integral literal is left to `JSON.parse` (a double holds none of them exactly). */
const MOST_EXACT_DIGITS = 400;
const NUMBER_PARTS = /^(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;

/**
 * The decimal digits (no sign, no leading zeros) of an unsigned JSON number literal with a fraction
 * or an exponent, when its value is an integer of at most {@link MOST_EXACT_DIGITS} digits; else
 * `undefined`. `"9.007199254740993e15"` gives `"9007199254740993"`, `"1.5"` gives `undefined`.
 */
function integralDigits(literal: string): string | undefined {
  const parts = NUMBER_PARTS.exec(literal);
  if (parts === null) return undefined;
  const fraction = parts[2] ?? "";
  const exponent = Number(parts[3] ?? "0") - fraction.length;
  const digits = `${parts[1]}${fraction}`.replace(/^0+/, "");
  if (digits === "") return "0";
  if (exponent >= 0) {
    return digits.length + exponent > MOST_EXACT_DIGITS ? undefined : digits + "0".repeat(exponent);
  }
  if (-exponent >= digits.length) return undefined; // all of it after the point, and not zero
  const kept = digits.slice(0, exponent);
  return /^0*$/.test(digits.slice(exponent)) ? kept : undefined;
}

function isDigit(c: number): boolean {
  return c >= ZERO && c <= NINE;
}

function isNumberChar(c: number): boolean {
  return isDigit(c) || c === DOT || c === LOWER_E || c === UPPER_E || c === MINUS || c === 0x2b;
}
