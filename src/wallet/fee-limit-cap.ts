/** The rule a cap on fee limits (`maxFeeLimit`, of the client or of one call) follows, in words. */
export const FEE_LIMIT_CAP_RULE = "must be a positive whole number of sun below 2^63 (1 TRX = 1 000 000 sun)";

/**
 * A cap on fee limits as sun, or `undefined` when it breaks {@link FEE_LIMIT_CAP_RULE}. A number is
 * taken only as a safe integer: `NaN` or a fraction has no sun amount to stand for, and a cap of 0 or
 * below would refuse every fee limit.
 *
 * @param value - A `maxFeeLimit` as given.
 * @returns The cap in sun, or `undefined`.
 * @example
 * feeLimitCapOf(2_000_000_000); // 2000000000n
 * feeLimitCapOf(Number.NaN); // undefined
 */
export function feeLimitCapOf(value: bigint | number): bigint | undefined {
  const sun = typeof value === "bigint" ? value : Number.isSafeInteger(value) ? BigInt(value) : undefined;
  return sun !== undefined && sun > 0n && sun < 2n ** 63n ? sun : undefined;
}
