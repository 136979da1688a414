import type { ResponseDescriptor } from "../operation.js";

/**
 * Picks the response a status falls under: the exact code (`"201"`), then its range (`"2XX"`),
 * then `"default"`.
 *
 * @param responses - The operation's responses.
 * @param status - The HTTP status received.
 * @returns The key of the response in `responses` (an operation module's, see `loadValidators`), or
 *   `undefined` when the spec says nothing about this status.
 * @example
 * selectResponse({ "2XX": {}, default: {} }, 204); // "2XX"
 */
export function selectResponse(
  responses: Readonly<Record<string, ResponseDescriptor>>,
  status: number,
): string | undefined {
  const exact = String(status);
  if (Object.hasOwn(responses, exact)) return exact;
  const range = `${Math.floor(status / 100)}XX`;
  if (Object.hasOwn(responses, range)) return range;
  return Object.hasOwn(responses, "default") ? "default" : undefined;
}
