/** A parsed JSON (or YAML) value. */
export type Json = null | boolean | number | string | Json[] | JsonObject;

/** A parsed JSON object. */
export interface JsonObject {
  [key: string]: Json;
}

/** Whether `value` is a plain object (not an array, not null). */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Serializes `value` with object keys sorted at every level, so output never depends on the order
 * in which a map was filled.
 */
export function sortKeysDeep(value: Json): Json {
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  if (!isObject(value)) return value;
  const sorted: JsonObject = {};
  for (const key of Object.keys(value).sort()) sorted[key] = sortKeysDeep(value[key] as Json);
  return sorted;
}
