import { jsonType } from "./spec-schemas.js";

/** How deep an inferred schema describes nested objects and arrays. */
const MAX_DEPTH = 3;

/**
 * A schema for a value the service sent, for a spec editor to start from: its type, and for objects
 * and arrays their properties and items a few levels down. Nothing is made required: one sample
 * cannot tell what is always there.
 *
 * @example
 * inferSchema({ id: "x", tags: ["a"] }); // { type: "object", properties: { id: { type: "string" }, tags: { type: "array", items: { type: "string" } } } }
 */
export function inferSchema(value: unknown, depth = 0): Record<string, unknown> {
  const type = jsonType(value);
  if (type === "array" && depth < MAX_DEPTH) {
    const [first] = value as unknown[];
    return first === undefined ? { type } : { type, items: inferSchema(first, depth + 1) };
  }
  if (type === "object" && depth < MAX_DEPTH) {
    const properties: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(value as Record<string, unknown>)) {
      Object.defineProperty(properties, name, {
        value: inferSchema(field, depth + 1),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return { type, properties };
  }
  return { type };
}

/**
 * A sample as a record keeps it (JSON text, maybe cut short), read back: the value, or for a cut
 * sample a stand-in of the same JSON type.
 *
 * @example
 * sampleValue('{"a":1'); // {}   (cut: an object)
 */
export function sampleValue(sample: string | undefined): unknown {
  if (sample === undefined) return undefined;
  try {
    return JSON.parse(sample);
  } catch {
    const first = sample.trimStart()[0];
    if (first === "{") return {};
    if (first === "[") return [];
    if (first === '"') return "";
    if (first === "t" || first === "f") return true;
    if (first === "n") return null;
    return 0;
  }
}
