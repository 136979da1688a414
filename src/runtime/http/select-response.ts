import type { ResponseDescriptor } from "../operation.js";

/**
 * Picks the response descriptor for a status: the exact code (`"201"`), then its range (`"2XX"`),
 * then `"default"`.
 *
 * @param responses - The operation's responses.
 * @param status - The HTTP status received.
 * @returns The descriptor, or `undefined` when the spec says nothing about this status.
 * @example
 * selectResponse({ "2XX": {}, default: {} }, 204); // the "2XX" descriptor
 */
export function selectResponse(
  responses: Readonly<Record<string, ResponseDescriptor>>,
  status: number,
): ResponseDescriptor | undefined {
  return responses[String(status)] ?? responses[`${Math.floor(status / 100)}XX`] ?? responses.default;
}
