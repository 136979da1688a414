import type { Json } from "./json.js";

/** Keys whose values are data (examples, defaults, constants): no `$ref` or schema lives below them. */
const DATA_KEYS = new Set(["example", "value", "const", "enum", "default"]);

/** Keys whose values map user-chosen names to objects (a property may well be named `value`). */
const NAME_MAP_KEYS = new Set([
  "properties",
  "patternProperties",
  "$defs",
  "dependentSchemas",
  "schemas",
  "parameters",
  "responses",
  "examples",
  "requestBodies",
  "headers",
  "securitySchemes",
  "links",
  "callbacks",
  "pathItems",
  "paths",
  "variables",
  "content",
  "encoding",
  "mapping",
  "contentDescriptors",
  "errors",
  "examplePairings",
]);

/**
 * Whether `child`, found under `key` of an object, holds data rather than spec structure.
 *
 * @param inNameMap - Whether the object is itself a name map (then its keys are names, never data keys).
 */
export function isDataEntry(key: string, child: Json, inNameMap: boolean): boolean {
  if (inNameMap) return false;
  return DATA_KEYS.has(key) || (key === "examples" && Array.isArray(child));
}

/** Whether the object under `key` maps names to objects (see `isDataEntry`). */
export function isNameMap(key: string, inNameMap: boolean): boolean {
  return !inNameMap && NAME_MAP_KEYS.has(key);
}
