import { stringifyJson } from "../json/stringify-json.js";
import type { ParameterStyle } from "../operation.js";
import { appendStyledQuery } from "./parameter-styles.js";

/**
 * Builds a query string: arrays become repeated keys (`?id=1&id=2`), bigints exact decimals,
 * booleans `true`/`false`, objects JSON; `undefined` and `null` are left out.
 *
 * @param query - The query parameters.
 * @param styles - Parameters serialized in another OpenAPI style (`deepObject`, `explode: false`, …), by name.
 * @returns `""` when empty, else `"?…"`.
 * @example
 * toQueryString({ account: ["A", "B"], limit: 10, start_lt: 49000000000000001n }); // "?account=A&account=B&limit=10&start_lt=49000000000000001"
 */
export function toQueryString(
  query: Record<string, unknown> | undefined,
  styles?: Readonly<Record<string, ParameterStyle>>,
): string {
  if (!query) return "";
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const style = styles?.[key];
    if (style !== undefined) {
      if (value !== undefined && value !== null) appendStyledQuery(params, key, value, style);
      continue;
    }
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      params.append(key, typeof item === "object" ? stringifyJson(item) : String(item));
    }
  }
  const text = params.toString();
  return text === "" ? "" : `?${text}`;
}
