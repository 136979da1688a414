import { isObject, type Json, type JsonObject } from "./json.js";
import { childPointer } from "./json-pointer.js";

/** Keywords whose value is one subschema. */
const SINGLE_KEYWORDS = [
  "additionalProperties",
  "items",
  "not",
  "if",
  "then",
  "else",
  "contains",
  "propertyNames",
  "unevaluatedItems",
  "unevaluatedProperties",
  "contentSchema",
] as const;
/** Keywords whose value is a list of subschemas. */
const LIST_KEYWORDS = ["allOf", "anyOf", "oneOf", "prefixItems"] as const;
/** Keywords whose value maps names to subschemas. */
const MAP_KEYWORDS = ["properties", "patternProperties", "$defs", "dependentSchemas"] as const;

/** A subschema and where it sits. */
export interface SubschemaVisit {
  schema: JsonObject;
  pointer: string;
}

/**
 * Calls `visit` for `schema` and every object subschema below it (depth first, keywords in a fixed
 * order). `$ref`s are not followed.
 */
export function walkSchema(schema: Json, pointer: string, visit: (entry: SubschemaVisit) => void): void {
  if (!isObject(schema)) return;
  visit({ schema, pointer });
  for (const [child, childAt] of subschemas(schema, pointer)) walkSchema(child, childAt, visit);
}

/** The direct subschemas of `schema` with their pointers. */
function subschemas(schema: JsonObject, pointer: string): [Json, string][] {
  const found: [Json, string][] = [];
  for (const keyword of SINGLE_KEYWORDS) {
    const child = schema[keyword];
    if (child !== undefined) found.push([child, childPointer(pointer, keyword)]);
  }
  for (const keyword of LIST_KEYWORDS) {
    const list = schema[keyword];
    if (Array.isArray(list)) {
      for (const [index, child] of list.entries()) found.push([child, childPointer(pointer, keyword, index)]);
    }
  }
  for (const keyword of MAP_KEYWORDS) {
    const map = schema[keyword];
    if (isObject(map))
      for (const [name, child] of Object.entries(map))
        found.push([child, childPointer(pointer, keyword, name)]);
  }
  return found;
}

/**
 * Rebuilds `schema` bottom-up: every object subschema is copied with its own subschemas already
 * rebuilt, then handed to `rewrite`, whose result takes its place.
 */
export function rewriteSchema(schema: Json, rewrite: (node: JsonObject) => Json): Json {
  if (!isObject(schema)) return schema;
  const copy: JsonObject = { ...schema };
  for (const keyword of SINGLE_KEYWORDS) {
    if (copy[keyword] !== undefined) copy[keyword] = rewriteSchema(copy[keyword], rewrite);
  }
  for (const keyword of LIST_KEYWORDS) {
    const list = copy[keyword];
    if (Array.isArray(list)) copy[keyword] = list.map((child) => rewriteSchema(child, rewrite));
  }
  for (const keyword of MAP_KEYWORDS) {
    const map = copy[keyword];
    if (isObject(map)) {
      copy[keyword] = Object.fromEntries(
        Object.entries(map).map(([name, child]) => [name, rewriteSchema(child, rewrite)]),
      );
    }
  }
  return rewrite(copy);
}
