import { ExchangeError } from "../errors/exchange-error.js";

/** Plain unsigned decimal: digits, optionally a point and more digits. No sign, no exponent. */
const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * Whether `value` is a plain unsigned decimal string such as `"100"`, `"0.5"` or `"2000.0"`.
 *
 * @example
 * isDecimalString("2000.0"); // true
 * isDecimalString("1e5"); // false
 */
export function isDecimalString(value: unknown): value is string {
  if (typeof value !== "string") return false;
  // DECIMAL, read by hand: every price and size of every signature passes here.
  let digits = 0;
  let point = -1;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code >= 48 && code <= 57) digits++;
    else if (code === 46 && point < 0 && digits > 0) point = i;
    else return false;
  }
  return digits > 0 && point !== value.length - 1;
}

/**
 * Normalizes a decimal string to the form the exchange hashes: no leading zeros, no trailing
 * fractional zeros, no trailing point, never an exponent.
 *
 * @param value - an unsigned decimal string, e.g. `"0100.50"`.
 * @param field - JSON pointer named in the error, if any.
 * @returns the canonical string, e.g. `"100.5"`.
 * @throws {ExchangeError} when `value` is not a plain unsigned decimal.
 * @example
 * normalizeDecimal("100.0"); // "100"
 */
export function normalizeDecimal(value: string, field?: string): string {
  const match = typeof value === "string" ? DECIMAL.exec(value) : null;
  if (!match) {
    throw new ExchangeError(`${field ?? "value"} must be an unsigned decimal string such as "100.5"`, {
      field,
    });
  }
  const whole = (match[1] as string).replace(/^0+(?=\d)/, "");
  const fraction = (match[2] ?? "").replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : whole;
}

/**
 * Turns a JS number into the exchange's decimal string, the way the official SDKs do
 * (`float_to_wire`: 8 decimals, then trailing zeros dropped), and refuses a number that 8 decimals
 * cannot hold exactly (within 1e-12), so a price is never silently rounded.
 *
 * @param value - a finite number, e.g. `1670.1` or `1e-8`.
 * @param field - JSON pointer named in the error, if any.
 * @returns the canonical string, e.g. `"1670.1"` or `"0.00000001"`.
 * @throws {ExchangeError} for non-finite numbers, numbers of 1e21 or more, and numbers that would round.
 * @example
 * numberToDecimal(100); // "100"
 * numberToDecimal(1.123456789); // throws: would round
 */
export function numberToDecimal(value: number, field?: string): string {
  const name = field ?? "value";
  if (typeof value !== "number" || !Number.isFinite(value) || Math.abs(value) >= 1e21) {
    throw new ExchangeError(`${name} must be a finite number below 1e21`, { field });
  }
  const rounded = value.toFixed(8);
  if (Math.abs(Number(rounded) - value) >= 1e-12) {
    throw new ExchangeError(`${name} ${value} cannot be written with 8 decimals without rounding`, { field });
  }
  const negative = rounded.startsWith("-");
  const digits = normalizeDecimal(negative ? rounded.slice(1) : rounded, field);
  return negative && digits !== "0" ? `-${digits}` : digits;
}
