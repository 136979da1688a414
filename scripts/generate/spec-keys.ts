import type { Json, JsonObject } from "./json.js";

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
 * Whether `child`, found under `key` of `parent`, holds data rather than spec structure.
 *
 * @param inNameMap - Whether `parent` is itself a name map (then its keys are names, never data keys).
 */
export function isDataEntry(key: string, child: Json, parent: JsonObject, inNameMap: boolean): boolean {
  if (inNameMap) return false;
  // A schema's `examples` list holds data; an OpenRPC method's (the object with a `result`) holds example pairings.
  if (key === "examples") return Array.isArray(child) && parent.result === undefined;
  return DATA_KEYS.has(key);
}

/** Whether the object under `key` maps names to objects (see `isDataEntry`). */
export function isNameMap(key: string, inNameMap: boolean): boolean {
  return !inNameMap && NAME_MAP_KEYS.has(key);
}
