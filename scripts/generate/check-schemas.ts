import { Ajv2020 } from "ajv/dist/2020.js";
import { isObject, type Json } from "./json.js";
import { childPointer } from "./json-pointer.js";
import { walkSchema } from "./schema-walk.js";
import { SpecError } from "./spec-error.js";
import { isDataEntry, isNameMap } from "./spec-keys.js";

/** Every keyword of JSON Schema 2020-12. */
const JSON_SCHEMA_KEYWORDS = [
  "$schema",
  "$id",
  "$ref",
  "$anchor",
  "$dynamicRef",
  "$dynamicAnchor",
  "$vocabulary",
  "$comment",
  "$defs",
  "type",
  "enum",
  "const",
  "multipleOf",
  "maximum",
  "exclusiveMaximum",
  "minimum",
  "exclusiveMinimum",
  "maxLength",
  "minLength",
  "pattern",
  "maxItems",
  "minItems",
  "uniqueItems",
  "maxContains",
  "minContains",
  "maxProperties",
  "minProperties",
  "required",
  "dependentRequired",
  "properties",
  "patternProperties",
  "additionalProperties",
  "propertyNames",
  "items",
  "prefixItems",
  "contains",
  "allOf",
  "anyOf",
  "oneOf",
  "not",
  "if",
  "then",
  "else",
  "dependentSchemas",
  "unevaluatedItems",
  "unevaluatedProperties",
  "format",
  "contentEncoding",
  "contentMediaType",
  "contentSchema",
  "title",
  "description",
  "default",
  "deprecated",
  "readOnly",
  "writeOnly",
  "examples",
];

/** Annotation keywords OpenAPI 3.1 adds to JSON Schema (OpenRPC documents use the same ones). */
export const OPENAPI_SCHEMA_KEYWORDS = ["discriminator", "xml", "externalDocs", "example"];

const KNOWN_KEYWORDS = new Set([...JSON_SCHEMA_KEYWORDS, ...OPENAPI_SCHEMA_KEYWORDS]);

/** Checks schemas against the JSON Schema 2020-12 meta-schema; built once, as compiling the meta-schema takes a while. */
let metaSchemaChecker: Ajv2020 | undefined;

/** A schema written in the spec: a component schema or the `schema` of a parameter, media type, content descriptor… */
export interface SchemaSite {
  schema: Json;
  pointer: string;
}

/** Every schema site in a spec, in document order. */
export function findSchemaSites(doc: Json): SchemaSite[] {
  const sites: SchemaSite[] = [];
  const components = isObject(doc) ? doc.components : undefined;
  const schemas = isObject(components) ? components.schemas : undefined;
  if (isObject(schemas)) {
    for (const [name, schema] of Object.entries(schemas)) {
      sites.push({ schema, pointer: childPointer("/components/schemas", name) });
    }
  }
  collect(doc, "", false);
  return sites;

  function collect(node: Json, pointer: string, inNameMap: boolean): void {
    if (Array.isArray(node)) {
      for (const [index, item] of node.entries()) collect(item, childPointer(pointer, index), false);
    }
    if (!isObject(node)) return;
    for (const [key, child] of Object.entries(node)) {
      const at = childPointer(pointer, key);
      if (key === "schema" && !inNameMap) sites.push({ schema: child, pointer: at });
      else if (!isDataEntry(key, child, node, inNameMap) && at !== "/components/schemas") {
        collect(child, at, isNameMap(key, inNameMap));
      }
    }
  }
}

/**
 * Checks every schema in the spec: only known keywords (JSON Schema 2020-12, OpenAPI's annotations,
 * `x-` extensions), and valid against the JSON Schema 2020-12 meta-schema.
 *
 * @throws {SpecError} Naming the pointer of the first offending keyword or value.
 */
export function checkSchemas(file: string, sites: readonly SchemaSite[]): void {
  metaSchemaChecker ??= new Ajv2020({ allErrors: false, validateFormats: false });
  const meta = metaSchemaChecker;
  for (const site of sites) {
    walkSchema(site.schema, site.pointer, ({ schema, pointer }) => {
      for (const key of Object.keys(schema)) {
        if (KNOWN_KEYWORDS.has(key) || key.startsWith("x-")) continue;
        const hint = key === "nullable" ? ` (OpenAPI 3.0; in 3.1 write type: [<type>, "null"])` : "";
        throw new SpecError(file, childPointer(pointer, key), `unknown schema keyword "${key}"${hint}`);
      }
    });
    if (!meta.validateSchema(site.schema as object)) {
      const [issue] = meta.errors ?? [];
      const allowed = issue?.keyword === "enum" ? ` ${JSON.stringify(issue.params.allowedValues)}` : "";
      const detail = issue
        ? `${issue.message ?? issue.keyword}${allowed}`
        : "does not match the JSON Schema meta-schema";
      throw new SpecError(file, site.pointer + (issue?.instancePath ?? ""), `invalid schema: ${detail}`);
    }
  }
}
