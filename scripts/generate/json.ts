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
