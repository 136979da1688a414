import { type FieldIssue, RequestValidationError } from "../runtime/errors/request-validation-error.js";

/**
 * Below this, a positive time is seconds, not milliseconds: 10^11 ms is March 1973, long before
 * the exchange, while 10^11 s is the year 5138. A time in seconds sent as milliseconds asks for the
 * first weeks of 1970, so the service answers every record there is, silently.
 */
const SMALLEST_MILLISECONDS = 100_000_000_000;

/** A time range in milliseconds: from `startTime`, to `endTime` (inclusive; default now). */
export interface TimeRange {
  startTime: number;
  endTime?: number;
}

/**
 * The range's fields as a request carries them, checked before sending: a time given in seconds
 * (`Math.floor(Date.now() / 1000)`) is refused with the fix, rather than read from 1970.
 *
 * @param operation - The operation, for the error.
 * @param span - The range.
 * @param at - Where the fields sit in the request (`""`, or `/req` for `candleSnapshot`).
 * @returns `{ startTime, endTime? }`.
 * @throws {RequestValidationError} naming each time that is in seconds.
 * @example
 * rangeFields("userFillsByTime", { startTime: Date.now() - 86_400_000 }); // { startTime: 1765000000000 }
 */
export function rangeFields(operation: string, span: TimeRange, at = ""): TimeRange {
  const { startTime, endTime } = span;
  const issues: FieldIssue[] = [];
  for (const [field, time] of [
    ["startTime", startTime],
    ["endTime", endTime],
  ] as const) {
    if (typeof time !== "number" || time <= 0 || time >= SMALLEST_MILLISECONDS) continue;
    issues.push({
      pointer: `${at}/${field}`,
      message: `is ${time}, a time in seconds (${new Date(time * 1000).toISOString()}): times are milliseconds, not seconds; multiply it by 1000 (Date.now() is already in milliseconds)`,
    });
  }
  if (issues.length > 0) throw new RequestValidationError(operation, issues);
  return { startTime, ...(endTime !== undefined && { endTime }) };
}
