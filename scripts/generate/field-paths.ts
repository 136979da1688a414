import { integerFormat } from "../../src/runtime/json/integer-format.js";
import { isObject, type Json, type JsonObject } from "./json.js";
import { refPointer, valueAt } from "./json-pointer.js";

/** The spec extension that marks a string as a secret (a key, token or password). */
export const SECRET_EXTENSION = "x-secret";

/**
 * Whether a schema says its string is a secret: `x-secret: true`, or OpenAPI's `format: password`
 * (which Swagger UI and Redoc already mask), so a spec that never heard of chainkit is kept safe too.
 *
 * @example isSecretSchema({ type: "string", format: "password" }) // true
 */
export function isSecretSchema(schema: JsonObject): boolean {
  return schema[SECRET_EXTENSION] === true || schema.format === "password";
}

/**
 * Finds where wide integers (`format: int64`, `uint120`, … see `integerFormat`) sit in data described
 * by `schema` (see {@link findFieldPaths}): the fields the runtime reads as `bigint`s.
 *
 * @returns Key paths, deduplicated and sorted; `[[]]` when the value itself is one.
 */
export function findInt64Paths(doc: Json, schema: Json): string[][] {
  return findFieldPaths(doc, schema, (node) => integerFormat(node.format) !== undefined);
}

/**
 * Finds where secrets (`x-secret: true`, `format: password`) sit in data described by `schema` (see {@link findFieldPaths}).
 *
 * @returns Key paths, deduplicated and sorted.
 */
export function findSecretPaths(doc: Json, schema: Json): string[][] {
  return findFieldPaths(doc, schema, isSecretSchema);
}

/**
 * Where int64 and secret fields sit in data described by `schema`, each kind only when it has any:
 * what the runtime converts to `bigint` and wraps in `Secret` after validation.
 *
 * @returns `{ int64?, secrets? }` (see {@link findInt64Paths} and {@link findSecretPaths}); `{}` without a schema.
 */
export function fieldPositions(
  doc: Json,
  schema: Json | undefined,
): { int64?: string[][]; secrets?: string[][] } {
  if (schema === undefined) return {};
  const int64 = findInt64Paths(doc, schema);
  const secrets = findSecretPaths(doc, schema);
  return { ...(int64.length > 0 && { int64 }), ...(secrets.length > 0 && { secrets }) };
}

/**
 * Finds where values whose schema `marks` sit in data described by `schema`, following `$ref`,
 * `allOf`, `anyOf`, `oneOf`, `items`, `prefixItems`, `properties`, `additionalProperties` and
 * `patternProperties`. Array elements and map values are written `"*"`. Recursive schemas are
 * followed once per branch.
 *
 * @param doc - The spec the schema's `$ref`s point into.
 * @param schema - The schema of the value.
 * @param marks - Whether a (sub)schema marks its value.
 * @returns Key paths, deduplicated and sorted; `[[]]` when the value itself is marked.
 */
function findFieldPaths(doc: Json, schema: Json, marks: (node: JsonObject) => boolean): string[][] {
  const found = new Map<string, string[]>();
  visit(schema, [], new Set());
  return [...found.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, path]) => path);

  function visit(node: Json | undefined, path: string[], refsOnStack: ReadonlySet<string>): void {
    if (!isObject(node)) return;
    if (typeof node.$ref === "string") {
      const target = refPointer(node.$ref);
      if (target !== undefined && !refsOnStack.has(target)) {
        visit(valueAt(doc, target), path, new Set([...refsOnStack, target]));
      }
    }
    if (marks(node)) found.set(JSON.stringify(path), path);
    for (const keyword of ["allOf", "anyOf", "oneOf"]) {
      const list = node[keyword];
      if (Array.isArray(list)) for (const branch of list) visit(branch, path, refsOnStack);
    }
    if (node.items !== undefined) visit(node.items, [...path, "*"], refsOnStack);
    if (Array.isArray(node.prefixItems)) {
      for (const [index, item] of node.prefixItems.entries())
        visit(item, [...path, String(index)], refsOnStack);
    }
    if (isObject(node.properties)) {
      for (const [name, child] of Object.entries(node.properties)) visit(child, [...path, name], refsOnStack);
    }
    if (isObject(node.additionalProperties)) visit(node.additionalProperties, [...path, "*"], refsOnStack);
    if (isObject(node.patternProperties)) {
      for (const child of Object.values(node.patternProperties)) visit(child, [...path, "*"], refsOnStack);
    }
  }
}
