import { integerFormat } from "../../src/runtime/json/integer-format.js";
import { componentTypeName } from "./component-type-names.js";
import { isSecretSchema } from "./field-paths.js";
import { docText } from "./jsdoc.js";
import { isObject, type Json, type JsonObject } from "./json.js";
import { refPointer, valueAt } from "./json-pointer.js";
import { propertyKey } from "./names.js";
import { SECRET_TYPE } from "./secret-type.js";
import { docComment, sourceLiteral } from "./source-text.js";

const COMPONENT_PREFIX = "/components/schemas/";
/** Keywords that shape a TypeScript type; a branch with none of them only adds checks. */
const TYPE_KEYWORDS = [
  "$ref",
  "type",
  "properties",
  "additionalProperties",
  "items",
  "prefixItems",
  "enum",
  "const",
  "oneOf",
  "anyOf",
  "allOf",
];

/**
 * Converts JSON Schema to TypeScript type text, for the OpenRPC surface (OpenAPI surfaces use
 * openapi-typescript). Covers what the specs use: `$ref` to component schemas (by name), objects
 * with property docs, arrays and tuples, `oneOf`/`anyOf` (unions), `allOf` (intersections), `enum`,
 * `const`, and `type` lists (`["string", "null"]` gives `string | null`). A wide integer format (`int64`, `uint120`, …) is `bigint`,
 * and a string marked `x-secret: true` or `format: password` the runtime's `Secret`.
 */
export class SchemaToTs {
  /** Whether a type written so far names `Secret` (the file then imports it). */
  usesSecret = false;

  /** Local refs outside the component schemas being inlined, to stop on a loop. */
  private readonly inlining = new Set<string>();

  constructor(private readonly doc: Json) {}

  /** The type of `schema`, written for a line indented by `indent`. */
  type(schema: Json | undefined, indent = ""): string {
    if (schema === undefined || schema === true) return "unknown";
    if (schema === false) return "never";
    if (!isObject(schema)) return "unknown";
    const parts: string[] = [];
    if (typeof schema.$ref === "string") parts.push(this.ref(schema.$ref, indent));
    // A wide integer field arrives as a bigint, so its values are bigint literals.
    const literal = integerFormat(schema.format) === undefined ? literalType : bigintLiteralType;
    if (schema.const !== undefined) parts.push(literal(schema.const));
    else if (Array.isArray(schema.enum)) parts.push(union(schema.enum.map(literal)));
    else {
      const own = this.ownType(schema, indent);
      if (own !== undefined) parts.push(own);
    }
    for (const keyword of ["oneOf", "anyOf"] as const) {
      const branches = typedBranches(schema[keyword]);
      if (branches.length > 0) parts.push(union(branches.map((branch) => this.type(branch, indent))));
    }
    parts.push(...typedBranches(schema.allOf).map((branch) => this.type(branch, indent)));
    const known = parts.filter((part) => part !== "unknown");
    if (known.length === 0) return "unknown";
    return known.length === 1 ? (known[0] as string) : known.map(group).join(" & ");
  }

  /**
   * Whether `schema` reads best as an interface: an object with properties, whose only composition
   * is `allOf` of component schemas that are such objects too (they become `extends`).
   */
  isPlainObject(schema: Json, seen: ReadonlySet<string> = new Set()): schema is JsonObject {
    if (!isObject(schema) || !isObject(schema.properties)) return false;
    if (schema.type !== undefined && schema.type !== "object") return false;
    const composed = ["$ref", "enum", "const"].some((key) => schema[key] !== undefined);
    if (composed || typedBranches(schema.oneOf).length > 0 || typedBranches(schema.anyOf).length > 0)
      return false;
    return this.extendsNames(schema, seen) !== undefined;
  }

  /** The component names an interface for `schema` extends, or `undefined` when `allOf` rules it out. */
  extendsNames(schema: JsonObject, seen: ReadonlySet<string> = new Set()): string[] | undefined {
    const names: string[] = [];
    for (const branch of typedBranches(schema.allOf)) {
      const keys = Object.keys(branch).filter((key) => key !== "description" && key !== "title");
      const pointer = typeof branch.$ref === "string" ? (refPointer(branch.$ref) ?? "") : "";
      const name = pointer.startsWith(COMPONENT_PREFIX) ? pointer.slice(COMPONENT_PREFIX.length) : "";
      if (keys.length !== 1 || name === "" || name.includes("/") || seen.has(name)) return undefined;
      if (!this.isPlainObject(valueAt(this.doc, pointer) ?? {}, new Set([...seen, name]))) return undefined;
      names.push(componentTypeName(this.doc, name));
    }
    return names;
  }

  /** Property names `schema` requires, its own and those of the `allOf` refs it builds on. */
  private requiredNames(schema: JsonObject, seen: ReadonlySet<string> = new Set()): Json[] {
    const names = Array.isArray(schema.required) ? [...schema.required] : [];
    for (const branch of typedBranches(schema.allOf)) {
      const pointer = typeof branch.$ref === "string" ? (refPointer(branch.$ref) ?? "") : "";
      const base = valueAt(this.doc, pointer);
      if (pointer === "" || seen.has(pointer) || !isObject(base)) continue;
      names.push(...this.requiredNames(base, new Set([...seen, pointer])));
    }
    return names;
  }

  /**
   * The members of an object schema, as properties with their docs.
   *
   * @param indent - Indentation of the object's braces; members sit two spaces deeper.
   */
  properties(
    schema: JsonObject,
    indent = "",
  ): { name: string; type: string; optional: boolean; docs: string }[] {
    const required = this.requiredNames(schema);
    return Object.entries(isObject(schema.properties) ? schema.properties : {}).map(([name, child]) => ({
      name: propertyKey(name),
      type: this.type(child, `${indent}  `),
      optional: !required.includes(name),
      docs: isObject(child) ? schemaDocs(child) : "",
    }));
  }

  private ref(ref: string, indent: string): string {
    const pointer = refPointer(ref) ?? "";
    const name = pointer.startsWith(COMPONENT_PREFIX) ? pointer.slice(COMPONENT_PREFIX.length) : undefined;
    if (name !== undefined && !name.includes("/")) return componentTypeName(this.doc, name);
    if (this.inlining.has(pointer)) return "unknown";
    this.inlining.add(pointer);
    const inlined = this.type(valueAt(this.doc, pointer), indent);
    this.inlining.delete(pointer);
    return inlined;
  }

  /** The type `type`, `properties` and `items` describe, or `undefined` when they say nothing. */
  private ownType(schema: JsonObject, indent: string): string | undefined {
    const types = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type];
    if (types.length === 0) {
      if (isObject(schema.properties) || schema.additionalProperties !== undefined)
        return this.object(schema, indent);
      if (schema.items !== undefined || schema.prefixItems !== undefined) return this.array(schema, indent);
      return undefined;
    }
    return union(types.map((type) => this.single(String(type), schema, indent)));
  }

  private single(type: string, schema: JsonObject, indent: string): string {
    const int64 = integerFormat(schema.format) !== undefined;
    switch (type) {
      case "string":
        if (isSecretSchema(schema)) {
          this.usesSecret = true;
          return SECRET_TYPE;
        }
        return int64 ? "bigint" : "string";
      case "integer":
      case "number":
        return int64 ? "bigint" : "number";
      case "boolean":
        return "boolean";
      case "null":
        return "null";
      case "array":
        return this.array(schema, indent);
      case "object":
        return this.object(schema, indent);
      default:
        return "unknown";
    }
  }

  private array(schema: JsonObject, indent: string): string {
    if (Array.isArray(schema.prefixItems)) {
      const items = schema.prefixItems.map((item) => this.type(item, indent));
      const rest =
        schema.items === undefined || schema.items === false
          ? []
          : [`...${group(this.type(schema.items, indent))}[]`];
      return `[${[...items, ...rest].join(", ")}]`;
    }
    return `${group(this.type(schema.items, indent))}[]`;
  }

  private object(schema: JsonObject, indent: string): string {
    const extra = schema.additionalProperties;
    const typedExtra = isObject(extra) ? this.type(extra, indent) : undefined;
    if (!isObject(schema.properties) || Object.keys(schema.properties).length === 0) {
      return `Record<string, ${typedExtra ?? (extra === false ? "never" : "unknown")}>`;
    }
    const inner = `${indent}  `;
    const members = this.properties(schema, indent).map((property) => {
      const docs = property.docs ? `${docComment(property.docs, inner)}\n` : "";
      return `${docs}${inner}${property.name}${property.optional ? "?" : ""}: ${property.type};`;
    });
    const body = `{\n${members.join("\n")}\n${indent}}`;
    return typedExtra === undefined ? body : `${body} & Record<string, ${typedExtra}>`;
  }
}

/** The doc text of a schema: its description (or title), and a deprecation note. */
export function schemaDocs(schema: JsonObject): string {
  const description = typeof schema.description === "string" ? schema.description : undefined;
  const title = typeof schema.title === "string" ? schema.title : undefined;
  return docText({ summary: description ?? title, deprecated: schema.deprecated === true });
}

/** The branches of `oneOf`/`anyOf`/`allOf` that say something about the type (not only `required`, `not`…). */
function typedBranches(list: Json | undefined): JsonObject[] {
  if (!Array.isArray(list)) return [];
  return list.filter(isObject).filter((branch) => TYPE_KEYWORDS.some((key) => branch[key] !== undefined));
}

function literalType(value: Json): string {
  if (value === null || typeof value !== "object") return sourceLiteral(value);
  return "unknown";
}

/** An integer (a number, or the decimal string `exact-integers.ts` keeps one past 2^53 − 1 as) as `123n`. */
function bigintLiteralType(value: Json): string {
  const integer =
    typeof value === "number"
      ? Number.isInteger(value)
      : typeof value === "string" && /^-?[0-9]+$/.test(value);
  return integer ? `${BigInt(value as number | string)}n` : literalType(value);
}

function union(types: readonly string[]): string {
  const unique = [...new Set(types)];
  if (unique.includes("unknown")) return "unknown";
  return unique.length === 0 ? "never" : unique.join(" | ");
}

/** Parenthesizes a union or intersection so it can be used inside an array or intersection. */
function group(type: string): string {
  return /^[\w$.<>, "[\]]+$/.test(type) && !type.includes(" | ") && !type.includes(" & ")
    ? type
    : `(${type})`;
}
