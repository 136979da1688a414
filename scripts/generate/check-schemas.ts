import { Ajv2020 } from "ajv/dist/2020.js";
import { hasLoneSurrogate } from "../../src/runtime/credentials/secret-rules.js";
import { isObject, type Json, type JsonObject } from "./json.js";
import { childPointer, parsePointer } from "./json-pointer.js";
import { walkSchema } from "./schema-walk.js";
import { SpecError } from "./spec-error.js";
import { isDataEntry, isNameMap } from "./spec-keys.js";
import { unicodePattern } from "./unicode-pattern.js";

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

/** Every keyword the generator reads; validators drop the others (JSON Schema ignores unknown keywords). */
export const KNOWN_KEYWORDS: ReadonlySet<string> = new Set([
  ...JSON_SCHEMA_KEYWORDS,
  ...OPENAPI_SCHEMA_KEYWORDS,
]);

/** The dialect the generator validates with, the one OpenAPI 3.1 and OpenRPC schemas default to. */
const DIALECT = "https://json-schema.org/draft/2020-12/schema";

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
 * Checks every schema in the spec: valid against the JSON Schema 2020-12 meta-schema, no other
 * `$schema` dialect, every `pattern` a regular expression with the `u` flag (which validators
 * use), and every name on the way to a schema and inside it (a component's, a property's) text
 * without a lone UTF-16 surrogate. With `strictKeywords` (chainkit's own specs, where an unknown keyword is a typo), only known
 * keywords: JSON Schema 2020-12's, OpenAPI's annotations and `x-` extensions; without it unknown
 * keywords are kept in the spec and ignored by validation, as JSON Schema says.
 *
 * @throws {SpecError} Naming the pointer of the first offending keyword or value, and the fix.
 */
export function checkSchemas(file: string, sites: readonly SchemaSite[], strictKeywords = true): void {
  metaSchemaChecker ??= new Ajv2020({ allErrors: false, validateFormats: false });
  const meta = metaSchemaChecker;
  for (const site of sites) {
    checkNames(file, site.pointer);
    walkSchema(site.schema, site.pointer, ({ schema, pointer }) => {
      checkNames(file, pointer);
      checkDialect(file, schema, pointer);
      checkPattern(file, schema, pointer);
      if (!strictKeywords) return;
      for (const key of Object.keys(schema)) {
        if (KNOWN_KEYWORDS.has(key) || key.startsWith("x-")) continue;
        const hint = key === "nullable" ? ` (OpenAPI 3.0; in 3.1 write type: [<type>, "null"])` : "";
        throw new SpecError(file, childPointer(pointer, key), `unknown schema keyword "${key}"${hint}`);
      }
    });
    if (!meta.validateSchema(withoutDialect(site.schema) as object)) {
      const [issue] = meta.errors ?? [];
      const allowed = issue?.keyword === "enum" ? ` ${JSON.stringify(issue.params.allowedValues)}` : "";
      const detail = issue
        ? `${issue.message ?? issue.keyword}${allowed}`
        : "does not match the JSON Schema meta-schema";
      throw new SpecError(file, site.pointer + (issue?.instancePath ?? ""), `invalid schema: ${detail}`);
    }
  }
}

/**
 * Refuses a name holding half of a UTF-16 surrogate pair (`"\ud800"`, escaped in JSON or YAML): it
 * is no character, so no request can send it (the runtime refuses such text), and ajv cannot write
 * it into the paths it reports (its `encodeURIComponent` throws "URI malformed").
 */
function checkNames(file: string, pointer: string): void {
  if (!hasLoneSurrogate(pointer)) return;
  const tokens = parsePointer(pointer);
  const index = tokens.findIndex(hasLoneSurrogate);
  const name = tokens[index] as string;
  throw new SpecError(
    file,
    childPointer("", ...tokens.slice(0, index + 1)),
    `the name ${JSON.stringify(name)} holds half of a UTF-16 surrogate pair, which is no character: no request can send it and no validator can name it; write the whole character (both halves, such as \\ud83d\\ude00 for 😀, or the character itself) or rename it`,
  );
}

function checkDialect(file: string, schema: JsonObject, pointer: string): void {
  const dialect = schema.$schema;
  if (dialect === undefined || (typeof dialect === "string" && dialect.replace(/#$/, "") === DIALECT)) return;
  throw new SpecError(
    file,
    childPointer(pointer, "$schema"),
    `declares the dialect ${JSON.stringify(dialect)}; chainkit validates JSON Schema 2020-12 (${DIALECT}): rewrite the schema in 2020-12 and remove this $schema`,
  );
}

function checkPattern(file: string, schema: JsonObject, pointer: string): void {
  const { pattern } = schema;
  if (typeof pattern !== "string" || unicodePattern(pattern) !== undefined) return;
  try {
    new RegExp(pattern, "u");
  } catch (error) {
    const reason =
      error instanceof Error ? error.message.replace(/^Invalid regular expression: /, "") : String(error);
    throw new SpecError(
      file,
      childPointer(pointer, "pattern"),
      `is not a valid regular expression with the u (Unicode) flag, which JSON Schema patterns are read with (${reason}); check its brackets, groups and escapes`,
    );
  }
}

/** The root `$schema` is checked above; the meta-schema check reads the schema as 2020-12. */
function withoutDialect(schema: Json): Json {
  if (!isObject(schema) || schema.$schema === undefined) return schema;
  const { $schema: _dialect, ...rest } = schema;
  return rest;
}
