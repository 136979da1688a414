/**
 * Exact decimal arithmetic for the sandbox's venue: prices, sizes and USDC amounts as bigints in
 * units of 10^-8 (the finest step any price or size on the exchange has), so matching, fees and
 * profit never pick up floating-point error.
 */

/** 10^8: one whole unit (1 BTC, 1 USDC) in units. */
export const ONE = 100_000_000n;

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * Reads a decimal string (up to 8 decimals are kept; more are cut) as units.
 *
 * @example
 * toUnits("61500.5"); // 6150050000000n
 */
export function toUnits(text: string): bigint {
  const match = DECIMAL.exec(text);
  if (!match) throw new Error(`not a decimal: ${text}`);
  const [, sign, whole, fraction = ""] = match;
  const units = BigInt(whole as string) * ONE + BigInt(fraction.slice(0, 8).padEnd(8, "0"));
  return sign === "-" ? -units : units;
}

/**
 * Writes units as the service writes numbers in its answers: no trailing zeros, but always at least
 * one decimal (`"0.0"`, `"61500.0"`, `"0.0025"`).
 *
 * @example
 * fromUnits(6150050000000n); // "61500.5"
 */
export function fromUnits(units: bigint): string {
  const negative = units < 0n;
  const magnitude = negative ? -units : units;
  const whole = magnitude / ONE;
  const fraction = (magnitude % ONE).toString().padStart(8, "0").replace(/0+$/, "");
  return `${negative ? "-" : ""}${whole}.${fraction || "0"}`;
}

/**
 * `a × b` for two unit amounts (a price times a size is a notional in units).
 *
 * @example
 * fromUnits(mul(toUnits("60000"), toUnits("0.01"))); // "600.0"
 */
export function mul(a: bigint, b: bigint): bigint {
  return (a * b) / ONE;
}

/**
 * `a ÷ b` for two unit amounts, truncated to units.
 *
 * @example
 * fromUnits(div(toUnits("600"), toUnits("0.01"))); // "60000.0"
 */
export function div(a: bigint, b: bigint): bigint {
  return b === 0n ? 0n : (a * ONE) / b;
}

/**
 * The absolute value.
 *
 * @example
 * abs(-5n); // 5n
 */
export function abs(value: bigint): bigint {
  return value < 0n ? -value : value;
}
