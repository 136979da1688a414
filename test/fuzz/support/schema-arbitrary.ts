/**
 * JSON Schema to fast-check, for the subset the specs use: `type` (one or several), `enum`, `const`,
 * `pattern`, `minLength`/`maxLength`, `minimum`/`maximum`, `format` (int32, the wide integers int64, uint120, …, uri, date-time),
 * `properties`/`required`/`additionalProperties`, `items`/`minItems`/`maxItems`, `anyOf`, `oneOf`,
 * `allOf` with `if`/`then`/`else`, and `not`. `validValue` makes values the schema accepts;
 * `mutations` lists ways to break a valid value at a known JSON pointer. `matches` is the small
 * evaluator both lean on for `if` and `not`.
 */
import fc from "fast-check";
import { integerFormat, integerRange } from "../../../src/runtime/json/integer-format.js";

/** A JSON Schema node of a bundled (dereferenced) spec. */
export interface Schema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema | boolean;
  prefixItems?: Schema[];
  minItems?: number;
  maxItems?: number;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  if?: Schema;
  then?: Schema;
  else?: Schema;
  not?: Schema;
}

/** The JSON types a schema admits (empty: any). */
function allowedTypes(schema: Schema): Set<string> {
  const types = new Set<string>();
  const own = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  for (const type of own) types.add(type);
  if (types.has("integer")) types.add("number-integer");
  for (const value of schema.enum ?? []) types.add(jsonType(value));
  if ("const" in schema) types.add(jsonType(schema.const));
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) {
    const inner = allowedTypes(branch);
    if (inner.size === 0) return new Set();
    for (const type of inner) types.add(type);
  }
  if (integerFormat(schema.format) !== undefined && types.has("integer")) types.add("string");
  return types;
}

function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

/** Whether `value` is one of `types` (integers count as numbers; bigints as integers). */
function hasType(value: unknown, types: Set<string>): boolean {
  const type = typeof value === "bigint" ? "integer" : jsonType(value);
  if (types.has(type)) return true;
  return type === "integer" && types.has("number");
}

/** A small evaluator of the subset, for `if` conditions and `not`. */
function matches(schema: Schema | boolean | undefined, value: unknown): boolean {
  if (schema === undefined || schema === true) return true;
  if (schema === false) return false;
  const types = schema.type === undefined ? undefined : new Set([schema.type].flat());
  if (types && !hasType(value, types)) return false;
  if (schema.enum && !schema.enum.some((item) => deepEqual(item, value))) return false;
  if ("const" in schema && !deepEqual(schema.const, value)) return false;
  if (typeof value === "string") {
    if (schema.pattern && !new RegExp(schema.pattern, "u").test(value)) return false;
    if (schema.minLength !== undefined && [...value].length < schema.minLength) return false;
    if (schema.maxLength !== undefined && [...value].length > schema.maxLength) return false;
  }
  if (typeof value === "number" || typeof value === "bigint") {
    if (schema.minimum !== undefined && value < schema.minimum) return false;
    if (schema.maximum !== undefined && value > schema.maximum) return false;
  }
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    if (schema.required?.some((name) => !Object.hasOwn(record, name))) return false;
    for (const [name, item] of Object.entries(record)) {
      const inner = schema.properties?.[name];
      if (inner !== undefined) {
        if (!matches(inner, item)) return false;
      } else if (schema.additionalProperties === false) {
        return false;
      }
    }
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) return false;
    if (schema.maxItems !== undefined && value.length > schema.maxItems) return false;
    const prefix = schema.prefixItems ?? [];
    for (const [index, item] of value.entries()) {
      const inner = index < prefix.length ? prefix[index] : schema.items;
      if (!matches(inner as Schema | boolean | undefined, item)) return false;
    }
  }
  if (schema.anyOf && !schema.anyOf.some((branch) => matches(branch, value))) return false;
  if (schema.oneOf && schema.oneOf.filter((branch) => matches(branch, value)).length !== 1) return false;
  if (schema.allOf && !schema.allOf.every((branch) => matches(branch, value))) return false;
  if (schema.not && matches(schema.not, value)) return false;
  if (schema.if) {
    const branch = matches(schema.if, value) ? schema.then : schema.else;
    if (!matches(branch, value)) return false;
  }
  return true;
}

function deepEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** How {@link validValue} treats a value's position. */
export interface ValueContext {
  /** A URL path segment: never empty, `.` or `..`. */
  pathSegment?: boolean;
}

/**
 * Values `schema` accepts. Strings are printable ASCII unless a pattern says otherwise; integers
 * stay within ±2^53 (wide integer positions give bigints, or their decimal text, over their
 * format's whole range); optional properties
 * come and go; arrays hold at most 3 items.
 */
export function validValue(schema: Schema, context: ValueContext = {}): fc.Arbitrary<unknown> {
  const base = baseValue(schema, context);
  const refined = schema.not ? base.filter((value) => !matches(schema.not, value)) : base;
  return context.pathSegment ? refined.filter((value) => !["", ".", ".."].includes(String(value))) : refined;
}

function baseValue(schema: Schema, context: ValueContext): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if ("const" in schema) return fc.constant(schema.const);
  const branches = schema.oneOf ?? schema.anyOf;
  if (branches) {
    const own = { ...schema, oneOf: undefined, anyOf: undefined };
    const arbitraries = branches.map((branch) => validValue(mergeSchemas(own, branch), context));
    const one = fc.oneof(...arbitraries);
    return schema.oneOf ? one.filter((value) => matches({ oneOf: schema.oneOf }, value)) : one;
  }
  const types = schema.type === undefined ? [] : [schema.type].flat();
  if (types.length > 1) {
    return fc.oneof(...types.map((type) => validValue({ ...schema, type }, context)));
  }
  switch (types[0]) {
    case "string":
      return stringValue(schema);
    case "integer":
      return integerValue(schema);
    case "number":
      return fc.double({
        min: schema.minimum ?? -1e9,
        max: schema.maximum ?? 1e9,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return arrayValue(schema);
    case "object":
      return objectValue(schema);
    default:
      return schema.properties || schema.required || schema.allOf ? objectValue(schema) : fc.constant("any");
  }
}

function mergeSchemas(outer: Schema, inner: Schema): Schema {
  const merged: Schema = { ...outer, ...inner };
  if (outer.properties || inner.properties) merged.properties = { ...outer.properties, ...inner.properties };
  if (outer.required || inner.required)
    merged.required = [...(outer.required ?? []), ...(inner.required ?? [])];
  for (const key of Object.keys(merged) as (keyof Schema)[])
    if (merged[key] === undefined) delete merged[key];
  return merged;
}

function stringValue(schema: Schema): fc.Arbitrary<string> {
  // A wide integer written as text: its decimal form, within its format's range.
  if (integerFormat(schema.format) !== undefined) return integerValue(schema).map(String);
  if (schema.format === "date-time") {
    return fc
      .date({
        min: new Date("2000-01-01T00:00:00Z"),
        max: new Date("2099-12-31T00:00:00Z"),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString());
  }
  if (schema.format === "uri") return fc.webUrl();
  const minLength = schema.minLength ?? 0;
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern, "u");
    const maxLength = schema.maxLength ?? Number.POSITIVE_INFINITY;
    return fc
      .stringMatching(pattern)
      .filter((text) => [...text].length >= minLength && [...text].length <= maxLength && pattern.test(text));
  }
  return fc.string({ minLength, maxLength: schema.maxLength ?? Math.max(minLength, 24) });
}

function integerValue(schema: Schema): fc.Arbitrary<number | bigint> {
  const wide = integerFormat(schema.format);
  if (wide !== undefined) {
    const range = integerRange(wide);
    const min = schema.minimum === undefined ? range.min : BigInt(Math.ceil(schema.minimum));
    const max = schema.maximum === undefined ? range.max : BigInt(Math.floor(schema.maximum));
    return fc.oneof(
      fc.bigInt({ min, max }),
      fc.bigInt({ min: min > -1000n ? min : -1000n, max: max < 1000n ? max : 1000n }),
    );
  }
  const bound = schema.format === "int32" ? 2 ** 31 - 1 : Number.MAX_SAFE_INTEGER;
  const min = Math.max(schema.minimum ?? -bound, schema.format === "int32" ? -(2 ** 31) : -bound);
  const max = Math.min(schema.maximum ?? bound, bound);
  return fc.oneof(
    fc.integer({ min: Math.max(min, -1000), max: Math.min(max, 1000) }),
    fc.maxSafeInteger().filter((n) => n >= min && n <= max),
  );
}

function arrayValue(schema: Schema): fc.Arbitrary<unknown[]> {
  const minLength = schema.minItems ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 3, 3));
  const prefix = schema.prefixItems ?? [];
  const item = typeof schema.items === "object" ? validValue(schema.items) : fc.constant("any");
  if (prefix.length > 0) return fc.tuple(...prefix.map((entry) => validValue(entry)));
  return fc.array(item, { minLength, maxLength });
}

function objectValue(schema: Schema): fc.Arbitrary<Record<string, unknown>> {
  // Plain (non-conditional) allOf entries add properties; if/then/else ones are applied after.
  const plain = (schema.allOf ?? []).filter((entry) => !entry.if);
  const merged = plain.reduce(mergeSchemas, { ...schema, allOf: undefined });
  const properties = merged.properties ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, inner] of Object.entries(properties)) model[name] = validValue(inner);
  const base = fc.record(model, {
    requiredKeys: (merged.required ?? []).filter((name) => name in properties),
  });
  const conditions = [...(schema.allOf ?? []).filter((entry) => entry.if), ...(schema.if ? [schema] : [])];
  if (conditions.length === 0) return base;
  return base.chain((value) => {
    const fixes: Record<string, fc.Arbitrary<unknown>> = {};
    for (const condition of conditions) {
      const branch = matches(condition.if, value) ? condition.then : condition.else;
      for (const [name, inner] of Object.entries(branch?.properties ?? {})) {
        if (Object.hasOwn(value, name)) fixes[name] = validValue({ ...properties[name], ...inner });
      }
    }
    return fc.record(fixes).map((fixed) => ({ ...value, ...fixed }));
  });
}

/** One way to break a value: the broken copy, and the JSON pointer a refusal must name. */
export interface Mutation {
  kind: "wrong type" | "not in enum" | "pattern" | "below minimum" | "required missing" | "unknown property";
  pointer: string;
  apply(value: unknown): unknown;
}

/** Ways to break `value` (valid for `schema`) at `pointer` and below, each certain to be refused. */
export function mutations(schema: Schema, value: unknown, pointer: string): Mutation[] {
  const found: Mutation[] = [];
  const replaceWith = (replacement: unknown, kind: Mutation["kind"]) =>
    found.push({ kind, pointer, apply: () => replacement });
  const types = allowedTypes(schema);
  if (types.size > 0) {
    const wrong = [true, { zz: 1 }, [1], "zz-not-this-type", 7, null].find(
      (candidate) => !hasType(candidate, types) && !matches(schema, candidate),
    );
    if (wrong !== undefined) replaceWith(wrong, "wrong type");
  }
  if (schema.enum?.every((item) => typeof item === "string")) replaceWith("zz-not-in-enum", "not in enum");
  if (
    typeof value === "string" &&
    schema.pattern &&
    !new RegExp(schema.pattern, "u").test(`${value}\u0000!`)
  ) {
    replaceWith(`${value}\u0000!`, "pattern");
  }
  if (schema.minimum !== undefined && (typeof value === "number" || typeof value === "bigint")) {
    replaceWith(
      typeof value === "bigint" ? BigInt(Math.ceil(schema.minimum)) - 1n : Math.ceil(schema.minimum) - 1,
      "below minimum",
    );
  }
  if (schema.anyOf || schema.oneOf) return found; // which branch a child belongs to is not known
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    for (const name of schema.required ?? []) {
      if (!Object.hasOwn(record, name)) continue;
      found.push({
        kind: "required missing",
        pointer: `${pointer}/${name}`,
        apply: (root) => {
          const copy = { ...(root as Record<string, unknown>) };
          delete copy[name];
          return copy;
        },
      });
    }
    if (schema.additionalProperties === false) {
      found.push({
        kind: "unknown property",
        pointer: `${pointer}/zz_unknown`,
        apply: (root) => ({ ...(root as Record<string, unknown>), zz_unknown: 1 }),
      });
    }
    for (const [name, inner] of Object.entries(schema.properties ?? {})) {
      if (!Object.hasOwn(record, name)) continue;
      for (const child of mutations(inner, record[name], `${pointer}/${name}`)) {
        found.push({
          ...child,
          apply: (root) => {
            const copy = { ...(root as Record<string, unknown>) };
            copy[name] = child.apply(copy[name]);
            return copy;
          },
        });
      }
    }
  }
  if (Array.isArray(value) && value.length > 0 && typeof schema.items === "object" && !schema.prefixItems) {
    for (const child of mutations(schema.items, value[0], `${pointer}/0`)) {
      found.push({
        ...child,
        apply: (root) => [child.apply((root as unknown[])[0]), ...(root as unknown[]).slice(1)],
      });
    }
  }
  return found;
}
