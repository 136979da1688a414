/** How deep {@link jsonSafe} follows nested fields; deeper parts are left out. */
const MAX_DEPTH = 16;

/**
 * A copy of an error's field that `JSON.stringify` can always write: bigints become decimal strings
 * (never a float, so int64 amounts stay exact), errors become `{ name, message }` (or their own
 * `toJSON`), cycles and parts nested deeper than 16 levels are left out, and values with their own
 * `toJSON` (a `Secret`, which writes `***`) are left for it.
 *
 * @example
 * jsonSafe({ fee: 1_000_000n, list: [2n] }); // { fee: "1000000", list: ["2"] }
 */
export function jsonSafe(value: unknown, depth = 0, seen: WeakSet<object> = new WeakSet()): unknown {
  if (typeof value === "bigint") return value.toString();
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_DEPTH || seen.has(value)) return undefined;
  if (typeof (value as { toJSON?: unknown }).toJSON === "function") return value;
  seen.add(value);
  if (value instanceof Error) return { name: value.name, message: value.message };
  if (Array.isArray(value)) return value.map((item) => jsonSafe(item, depth + 1, seen));
  if (ArrayBuffer.isView(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    // Defined, not assigned, so a key such as `__proto__` stays data.
    Object.defineProperty(copy, key, {
      value: jsonSafe((value as Record<string, unknown>)[key], depth + 1, seen),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}
