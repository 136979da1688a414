/**
 * An amount of sun that must be positive (a stake, a cap on fee limits) as a bigint, or `undefined`
 * when it is not a positive whole number in int64 range. A number is taken only as a safe integer:
 * `NaN` or a fraction has no sun amount to stand for.
 *
 * @param value - The amount as given: a bigint, or a number.
 * @returns The amount in sun, or `undefined`.
 * @example
 * positiveSun(2_000_000_000); // 2000000000n
 * positiveSun(Number.NaN); // undefined
 */
export function positiveSun(value: bigint | number): bigint | undefined {
  const sun = typeof value === "bigint" ? value : Number.isSafeInteger(value) ? BigInt(value) : undefined;
  return sun !== undefined && sun > 0n && sun < 2n ** 63n ? sun : undefined;
}
