/**
 * An integer `format` too wide for a JavaScript number, as a spec writes it: `int64` (signed, 64
 * bits), `uint64`, `uint120` (TON's coin amounts), `int256`, … Fields of such a format are read as
 * `bigint`s, and checked against the range their format names.
 */
export interface IntegerFormat {
  /** `int…` is signed (two's complement), `uint…` unsigned. */
  signed: boolean;
  /** The width in bits, above 53 (narrower integers are exact as numbers). */
  bits: number;
}

/**
 * The validator keyword the generator adds next to an integer format: it fails when the value is an
 * integer (a number, or a decimal string) outside the format's range; its issue's params name the
 * format (`{ format: "uint120" }`).
 */
export const INTEGER_FORMAT_KEYWORD = "integerFormat";

const INTEGER_FORMAT = /^(u?)int([1-9][0-9]{1,3})$/;
/** The widest format read: a 5000-digit number is refused, not parsed. */
const MOST_BITS = 1024;

/**
 * Reads an integer format's name.
 *
 * @param format - A schema's `format`.
 * @returns Whether it is signed and how wide, or `undefined` for any other format (and for `int32`,
 *   which a number holds exactly).
 * @example
 * integerFormat("uint120"); // { signed: false, bits: 120 }
 * integerFormat("int32"); // undefined
 */
export function integerFormat(format: unknown): IntegerFormat | undefined {
  const match = typeof format === "string" ? INTEGER_FORMAT.exec(format) : null;
  if (match === null) return undefined;
  const bits = Number(match[2]);
  return bits > 53 && bits <= MOST_BITS ? { signed: match[1] === "", bits } : undefined;
}

/**
 * The smallest and largest value of an integer format.
 *
 * @example
 * integerRange({ signed: false, bits: 120 }); // { min: 0n, max: 2n ** 120n - 1n }
 */
export function integerRange({ signed, bits }: IntegerFormat): { min: bigint; max: bigint } {
  const span = 2n ** BigInt(signed ? bits - 1 : bits);
  return signed ? { min: -span, max: span - 1n } : { min: 0n, max: span - 1n };
}

/**
 * What a value of an integer format is, in words, for an issue read after `must be`.
 *
 * @example
 * integerWords({ signed: false, bits: 120 }); // "an unsigned integer below 2^120"
 * integerWords({ signed: true, bits: 64 }); // "an integer from -2^63 to 2^63 - 1 (int64)"
 */
export function integerWords({ signed, bits }: IntegerFormat): string {
  return signed
    ? `an integer from -2^${bits - 1} to 2^${bits - 1} - 1 (int${bits})`
    : `an unsigned integer below 2^${bits}`;
}
