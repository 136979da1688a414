import { findSchemaSites } from "./check-schemas.js";
import { isObject, type Json, type JsonObject } from "./json.js";
import { parsePointer } from "./json-pointer.js";
import { rewriteSchema } from "./schema-walk.js";

/**
 * Turns an OpenAPI 3.0 document into the 3.1 it means, so the rest of the generator reads one
 * dialect (JSON Schema 2020-12):
 * - `nullable: true` adds `"null"` to `type` (and `null` to an `enum`); next to a `$ref`, whose
 *   siblings 3.0 ignores, the schema becomes `anyOf: [{ $ref }, { type: "null" }]`;
 * - boolean `exclusiveMinimum`/`exclusiveMaximum` become the numbers they qualify;
 * - `example` stays: 3.1 still reads it as an annotation.
 * A 3.1 document is returned as it is.
 *
 * @param doc - The parsed document (not modified).
 * @returns The 3.1 document (a copy when anything changed).
 */
export function upgradeOpenApi30(doc: Json): Json {
  if (!isObject(doc) || typeof doc.openapi !== "string" || !doc.openapi.startsWith("3.0")) return doc;
  const upgraded = structuredClone(doc);
  for (const site of findSchemaSites(upgraded)) {
    const rewritten = rewriteSchema(site.schema, upgradeSchema);
    replaceAt(upgraded, site.pointer, rewritten);
  }
  upgraded.openapi = "3.1.0";
  return upgraded;
}

function upgradeSchema(node: JsonObject): Json {
  const schema: JsonObject = { ...node };
  for (const [flag, bound] of [
    ["exclusiveMinimum", "minimum"],
    ["exclusiveMaximum", "maximum"],
  ] as const) {
    if (typeof schema[flag] !== "boolean") continue;
    if (schema[flag] === true && typeof schema[bound] === "number") {
      schema[flag] = schema[bound];
      delete schema[bound];
    } else delete schema[flag];
  }
  if (schema.nullable === undefined) return schema;
  const nullable = schema.nullable === true;
  delete schema.nullable;
  if (!nullable) return schema;
  if (typeof schema.$ref === "string") {
    const { $ref, ...rest } = schema;
    return { ...rest, anyOf: [{ $ref }, { type: "null" }] };
  }
  if (Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...schema.enum, null];
  if (typeof schema.type === "string") schema.type = [schema.type, "null"];
  else if (Array.isArray(schema.type) && !schema.type.includes("null"))
    schema.type = [...schema.type, "null"];
  return schema;
}

/** Puts `value` at `pointer` (whose parent exists) inside `root`. */
function replaceAt(root: JsonObject, pointer: string, value: Json): void {
  const tokens = parsePointer(pointer);
  const last = tokens.pop() as string;
  let node: Json = root;
  for (const token of tokens)
    node = Array.isArray(node) ? (node[Number(token)] as Json) : ((node as JsonObject)[token] as Json);
  if (Array.isArray(node)) node[Number(last)] = value;
  else if (isObject(node)) node[last] = value;
}
