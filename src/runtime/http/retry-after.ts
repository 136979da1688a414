/**
 * Reads an HTTP `Retry-After` header: delay-seconds (`"2"`, `"0.5"`) or an HTTP date.
 *
 * @param value - The header value, or `null` when absent.
 * @param now - The current time in ms since the epoch (for dates).
 * @returns Milliseconds to wait (never negative), or `undefined` when absent or unreadable.
 * @example
 * parseRetryAfter("2"); // 2000
 * parseRetryAfter("Wed, 21 Oct 2015 07:28:00 GMT", Date.parse("Wed, 21 Oct 2015 07:27:59 GMT")); // 1000
 */
export function parseRetryAfter(
  value: string | null | undefined,
  now: number = Date.now(),
): number | undefined {
  if (value == null) return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

const UNIT_MS: Record<string, number> = {
  ms: 1,
  s: 1000,
  µs: 0.001,
  μs: 0.001,
  us: 0.001,
  ns: 0.000001,
  m: 60_000,
};

/**
 * Reads a JSON-RPC rate-limit hint, `data.try_again_in`: a number with a unit (`"250ms"`, `"1500µs"`,
 * `"1500us"`, `"1s"`, `"1.5s"`), or a bare number of milliseconds.
 *
 * @param value - The `try_again_in` value.
 * @returns Milliseconds to wait (rounded up), or `undefined` when absent or unreadable.
 * @example
 * parseTryAgainIn("250ms"); // 250
 * parseTryAgainIn("1500µs"); // 2
 */
export function parseTryAgainIn(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) && value >= 0 ? Math.ceil(value) : undefined;
  if (typeof value !== "string") return undefined;
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|µs|μs|us|ns|m)?\s*$/.exec(value);
  if (!match) return undefined;
  const unit = UNIT_MS[match[2] ?? "ms"] ?? 1;
  return Math.ceil(Number(match[1]) * unit);
}
