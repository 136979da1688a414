import { KNOWN_KEYWORDS, OPENAPI_SCHEMA_KEYWORDS } from "./check-schemas.js";
import { integerFormatKeyword, withIntegerFormat } from "./integer-formats.js";
import { isObject, type Json, type JsonObject } from "./json.js";
import { childPointer, escapeToken, parsePointer, refPointer, valueAt } from "./json-pointer.js";
import { RULE_EXTENSION } from "./rules.js";
import { rewriteSchema } from "./schema-walk.js";
import { unicodePattern } from "./unicode-pattern.js";

/**
 * Id of the one schema under which everything is registered with ajv, as `$defs`: the component
 * schemas by name, the other referred-to schemas by JSON pointer, and each export's schema by
 * {@link exportKey}. ajv compiles each referred-to schema once per root schema, so with one root a
 * component gets one function, however many operations refer to it.
 */
export const COMPONENTS_ID = "schemas";
const COMPONENT_PREFIX = "/components/schemas/";

/**
 * Keywords that never change what ajv accepts here (annotations, and OpenAPI's own, since the
 * `discriminator` option is off). They are dropped before compiling: ajv copies a schema, with all
 * its prose, into the output wherever an error message quotes one of its values.
 */
const ANNOTATIONS = new Set([
  "title",
  "description",
  "examples",
  "default",
  "deprecated",
  "readOnly",
  "writeOnly",
  "$comment",
  ...OPENAPI_SCHEMA_KEYWORDS,
]);

/**
 * The schemas of a spec as ajv compiles them, each written once: its component schemas, and every
 * other schema that a `$ref` names or that several operations share (a response written once and
 * referred to by each operation), by its JSON pointer (which starts with `/`, unlike a component's
 * name). ajv compiles each into one function, which every schema that refers to it calls
 * (or, with `inlineRefs`, copies): a spec that reuses a schema a thousand times does not get a
 * thousand copies of its checks.
 */
export class SchemaDefinitions {
  /** Prepared schemas written elsewhere than `#/components/schemas`, by pointer. */
  private readonly written = new Map<string, Json>();

  constructor(private readonly doc: Json) {}

  /** The component schemas, prepared, by name. */
  components(): Record<string, Json> {
    const schemas = valueAt(this.doc, "/components/schemas");
    if (!isObject(schemas)) return {};
    return Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, this.prepare(schema)]));
  }

  /** The other referred-to schemas, prepared, by pointer (grows while schemas are prepared). */
  writtenSchemas(): Record<string, Json> {
    return Object.fromEntries(this.written);
  }

  /**
   * A reference to the schema written at `pointer`, prepared once however many refer to it.
   *
   * @param pointer - Where the schema is written in the spec.
   */
  refer(pointer: string): string {
    if (!this.written.has(pointer)) {
      // Named before it is prepared, so a schema that refers to itself finds its name.
      this.written.set(pointer, {});
      this.written.set(pointer, this.prepare(valueAt(this.doc, pointer) ?? {}));
    }
    return definitionKey(pointer);
  }

  /**
   * Copies a spec schema for ajv: `#/components/schemas/…` refs point at the shared components,
   * other local refs at their written schema ({@link refer}), wide integer fields accept decimal
   * strings and are held to their format's range (`integer-formats.ts`), and annotations and
   * `x-…` extensions are dropped.
   */
  prepare(schema: Json): Json {
    return rewriteSchema(schema, (node) => {
      let result: JsonObject = node;
      if (typeof node.$ref === "string") {
        const target = refPointer(node.$ref) ?? "";
        const component = target.startsWith(COMPONENT_PREFIX) && parsePointer(target).length >= 3;
        // Percent-encoded as definitionKey encodes a name: ajv's URI parser ends a fragment at a line separator.
        const ref = component
          ? `${COMPONENTS_ID}#/$defs/${target.slice(COMPONENT_PREFIX.length).split("/").map(encodeURIComponent).join("/")}`
          : this.refer(target);
        result = { ...node, $ref: ref };
      }
      const pattern = typeof result.pattern === "string" ? unicodePattern(result.pattern) : undefined;
      if (pattern !== undefined && pattern !== result.pattern) result = { ...result, pattern };
      return withoutAnnotations(withIntegerFormat(result));
    });
  }
}

/** The key ajv knows a definition by (a component's name, a written schema's pointer, an {@link exportKey}). */
export function definitionKey(name: string): string {
  return `${COMPONENTS_ID}#/$defs/${encodeURIComponent(escapeToken(name))}`;
}

/** The definition name of a module's export: `getNode:path` (`:` is in no component's name). */
export function exportKey(module: string, exportName: string): string {
  return `${module}:${exportName}`;
}

/** The pointer of a component schema, for error messages. */
export function componentPointer(name: string): string {
  return childPointer("/components/schemas", name);
}

/**
 * Drops annotations, extensions and keywords JSON Schema does not know (which it ignores; strict
 * ajv would not), except the generator's own keywords: `x-rule` (`rules.ts`) and the integer
 * format one (`integer-formats.ts`).
 */
function withoutAnnotations(node: JsonObject): JsonObject {
  return Object.fromEntries(
    Object.entries(node).filter(
      ([keyword]) =>
        keyword === RULE_EXTENSION ||
        keyword === integerFormatKeyword.keyword ||
        (KNOWN_KEYWORDS.has(keyword) && !ANNOTATIONS.has(keyword)),
    ),
  );
}
