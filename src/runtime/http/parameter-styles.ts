import { stringifyJson } from "../json/stringify-json.js";
import type { ParameterStyle } from "../operation.js";

/**
 * OpenAPI's parameter serialization (`style`, `explode`) for the styles that differ from each
 * location's default; the defaults (`form` + explode in a query, `simple` in a path or header) are
 * what `toQueryString`, `fillPath` and the header writer do without a style.
 */

/** A scalar as it goes into a URL or header: bigints exact, objects as JSON. */
function scalar(value: unknown): string {
  return typeof value === "object" && value !== null ? stringifyJson(value) : String(value);
}

/** `[k1, v1, k2, v2]` of an object's defined members, or the items of an array. */
function parts(value: unknown, explodeObject: boolean): string[] {
  if (Array.isArray(value)) return value.filter((item) => item !== undefined && item !== null).map(scalar);
  if (typeof value === "object" && value !== null) {
    return Object.entries(value)
      .filter(([, item]) => item !== undefined && item !== null)
      .flatMap(([key, item]) => (explodeObject ? [`${key}=${scalar(item)}`] : [key, scalar(item)]));
  }
  return [scalar(value)];
}

/**
 * Appends one query parameter in its style to `params`.
 *
 * @example
 * const params = new URLSearchParams();
 * appendStyledQuery(params, "filter", { status: "active" }, { style: "deepObject", explode: true });
 * params.toString(); // "filter%5Bstatus%5D=active"
 */
export function appendStyledQuery(
  params: URLSearchParams,
  name: string,
  value: unknown,
  style: ParameterStyle,
): void {
  const isObject = typeof value === "object" && value !== null && !Array.isArray(value);
  if (style.style === "deepObject" && isObject) {
    for (const [key, item] of Object.entries(value)) {
      if (item !== undefined && item !== null) params.append(`${name}[${key}]`, scalar(item));
    }
    return;
  }
  if (style.explode && isObject) {
    for (const [key, item] of Object.entries(value)) {
      if (item !== undefined && item !== null) params.append(key, scalar(item));
    }
    return;
  }
  if (style.explode && Array.isArray(value)) {
    for (const item of parts(value, false)) params.append(name, item);
    return;
  }
  const separator = style.style === "spaceDelimited" ? " " : style.style === "pipeDelimited" ? "|" : ",";
  params.append(name, parts(value, false).join(separator));
}

/**
 * A path parameter's segment in its style (`label`: `.a.b`, `matrix`: `;id=5`), before percent-encoding
 * of each value; `simple` (the default) writes arrays comma-separated.
 *
 * @example
 * styledPathSegment("id", [3, 4], { style: "matrix", explode: false }); // ";id=3,4"
 */
export function styledPathSegment(name: string, value: unknown, style: ParameterStyle | undefined): string {
  const values = parts(value, style?.explode ?? false).map(encodeURIComponent);
  switch (style?.style) {
    case "label":
      return `.${values.join(style.explode ? "." : ",")}`;
    case "matrix":
      return style.explode && Array.isArray(value)
        ? values.map((item) => `;${name}=${item}`).join("")
        : `;${name}=${values.join(",")}`;
    default:
      return values.join(",");
  }
}

/**
 * A header parameter's value (`simple` style): arrays comma-separated, objects `k,v` or, exploded, `k=v`.
 *
 * @example
 * headerValue(["a", "b"], undefined); // "a,b"
 */
export function headerValue(value: unknown, style: ParameterStyle | undefined): string {
  return parts(value, style?.explode ?? false).join(",");
}

/**
 * The `Cookie` header for cookie parameters (`form` style): `name=value; other=a,b`.
 *
 * @example
 * cookieHeader({ session: "abc", ids: [1, 2] }); // "session=abc; ids=1,2"
 */
export function cookieHeader(cookies: Record<string, unknown>): string {
  return Object.entries(cookies)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([name, value]) => `${name}=${parts(value, false).map(encodeURIComponent).join(",")}`)
    .join("; ");
}
