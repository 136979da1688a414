// A marker (U+2063, an invisible separator JSON.stringify leaves as is) wrapped around bigints so
// they can be unquoted afterwards.
const MARK = "\u2063bigint:";
const QUOTED_BIGINT = new RegExp(`"${MARK}(-?\\d+)"`, "g");

/**
 * JSON text of a value, with `bigint`s written as plain integer literals of any size, the way
 * TRON nodes send int64 amounts.
 */
export function writeJson(value: unknown): string {
  const text = JSON.stringify(value, (_key, v: unknown) => (typeof v === "bigint" ? `${MARK}${v}` : v));
  return text.includes(MARK) ? text.replace(QUOTED_BIGINT, "$1") : text;
}
