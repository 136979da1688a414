/** Marks a bigint inside JSON.stringify output until it is unquoted; random so no user string matches. */
const MARK = `\u0000bigint${Math.random().toString(36).slice(2, 10)}:`;
const MARKED = new RegExp(`"\\\\u0000${MARK.slice(1)}(-?\\d+)"`, "g");

/**
 * `JSON.stringify` that writes `bigint` values as exact JSON integer literals
 * (`{ amount: 990000000000000000n }` -> `{"amount":990000000000000000}`). Values without bigints take
 * the plain `JSON.stringify` path.
 *
 * @param value - A JSON-serializable value; may contain bigints anywhere.
 * @param space - Indentation, as `JSON.stringify` takes it (default none: one line).
 * @returns The JSON text.
 * @throws {TypeError} for values JSON cannot hold (cycles), as `JSON.stringify` does.
 * @example
 * stringifyJson({ owner: "T9y…", total_supply: 990000000000000000n }); // '{"owner":"T9y…","total_supply":990000000000000000}'
 */
export function stringifyJson(value: unknown, space?: number | string): string {
  try {
    return JSON.stringify(value, null, space);
  } catch (error) {
    if (!(error instanceof TypeError) || !/BigInt/i.test(error.message)) throw error;
  }
  const marked = JSON.stringify(
    value,
    (_key, item: unknown) => (typeof item === "bigint" ? `${MARK}${item.toString()}` : item),
    space,
  );
  return marked.replace(MARKED, "$1");
}
