/** The furthest a `Date` reaches either side of 1970, in milliseconds (about 275,760 years). */
const LAST_DATE_MS = 8_640_000_000_000_000n;

/**
 * A time in milliseconds since 1970 as an ISO date, or as the number itself when no date can hold it
 * (a node may put any int64 in a transaction's `expiration`), so a message about it never throws.
 *
 * @param ms - Milliseconds since 1970.
 * @returns `2022-01-18T12:24:15.000Z`, or `9223372036854775807 ms since 1970`.
 * @example
 * shownTime(1642508655000n); // "2022-01-18T12:24:15.000Z"
 * shownTime(2n ** 63n - 1n); // "9223372036854775807 ms since 1970"
 */
export function shownTime(ms: bigint): string {
  if (ms > LAST_DATE_MS || ms < -LAST_DATE_MS) return `${ms} ms since 1970`;
  return new Date(Number(ms)).toISOString();
}
