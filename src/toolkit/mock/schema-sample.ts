import { integerFormat, integerRange } from "../../runtime/json/integer-format.js";
import type { SeededRandom } from "../../sandbox/seeded-random.js";
import { patternSample } from "./pattern-sample.js";

/** A JSON Schema as the mock reads it: only the keywords it acts on are typed. */
export interface SampleSchema {
  $ref?: string;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  default?: unknown;
  example?: unknown;
  examples?: unknown[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  items?: SampleSchema | boolean;
  prefixItems?: SampleSchema[];
  properties?: Record<string, SampleSchema>;
  required?: string[];
  additionalProperties?: SampleSchema | boolean;
  minProperties?: number;
  allOf?: SampleSchema[];
  anyOf?: SampleSchema[];
  oneOf?: SampleSchema[];
  not?: SampleSchema;
  discriminator?: { propertyName: string; mapping?: Record<string, string> };
  nullable?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
}

/** Resolves a local `$ref` (`#/components/schemas/Pet`) of the document the schemas come from. */
export type RefResolver = (ref: string) => SampleSchema | undefined;

/** How a sample is drawn. */
export interface SampleOptions {
  random: SeededRandom;
  resolve: RefResolver;
  /** `response` leaves out `writeOnly` properties, `request` leaves out `readOnly` ones. */
  direction: "request" | "response";
  /** Use the schema's own `example`/`examples`/`default` where it has one (default true). */
  preferExamples?: boolean;
  /**
   * Give arrays only the items they must have: a way past items no value can meet (a `oneOf` whose
   * branches overlap, which published specs have), at the cost of emptier answers.
   */
  fewestItems?: boolean;
  /** Leave out every optional property: the way past an optional field no value can meet. */
  requiredOnly?: boolean;
}

/** How deep a sample goes into a recursive schema before it takes the shortest way out. */
const MAX_DEPTH = 8;

/**
 * A value the schema accepts, drawn with a seeded random source so that the same seed gives the same
 * value. Integers of a wide format (`int64`, …) beyond 2^53 come back as `bigint`s, which chainkit's
 * JSON writer sends as exact integers.
 *
 * @param schema - The schema (OpenAPI 3.1 / JSON Schema 2020-12, `$ref`s resolved through `options.resolve`).
 * @param options - The random source, the resolver and the direction.
 * @returns A value the schema accepts, as far as the schema's keywords can be met by construction; the
 *   caller checks it with the generated validator and tries again on a miss.
 * @example
 * sampleValue({ type: "integer", minimum: 1, maximum: 3 }, { random: new SeededRandom(1), resolve: () => undefined, direction: "response" }); // 2
 */
export function sampleValue(schema: SampleSchema | boolean | undefined, options: SampleOptions): unknown {
  return sample(schema, options, 0);
}

function sample(raw: SampleSchema | boolean | undefined, options: SampleOptions, depth: number): unknown {
  if (raw === undefined || raw === true) return {};
  if (raw === false) return null;
  const schema = flatten(raw, options.resolve);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return options.random.pick(schema.enum);
  if (options.preferExamples !== false) {
    const example = ownExample(schema);
    if (example !== undefined) return example;
  }
  const choices = schema.oneOf ?? schema.anyOf;
  if (choices && choices.length > 0) return sampleChoice(schema, choices, options, depth);
  const type = pickType(schema, options, depth);
  switch (type) {
    case "null":
      return null;
    case "boolean":
      return options.random.next() < 0.5;
    case "integer":
      return sampleInteger(schema, options.random);
    case "number":
      return sampleNumber(schema, options.random);
    case "string":
      return sampleString(schema, options.random);
    case "array":
      return sampleArray(schema, options, depth);
    default:
      return sampleObject(schema, options, depth);
  }
}

/**
 * The schema with its `$ref` followed and its `allOf` merged into one (the mock needs no exactness
 * beyond that: every value it draws is checked by the generated validator).
 *
 * @param schema - The schema.
 * @param resolve - Resolves local references.
 * @returns One schema.
 * @example
 * flattenSchema({ allOf: [{ properties: { id: { type: "integer" } } }, { required: ["id"] }] }, () => undefined);
 * // { properties: { id: { type: "integer" } }, required: ["id"] }
 */
export function flattenSchema(schema: SampleSchema, resolve: RefResolver): SampleSchema {
  return flatten(schema, resolve);
}

function flatten(
  schema: SampleSchema,
  resolve: RefResolver,
  seen: ReadonlySet<string> = new Set(),
): SampleSchema {
  let current = schema;
  if (current.$ref !== undefined && !seen.has(current.$ref)) {
    const target = resolve(current.$ref);
    const { $ref, ...siblings } = current;
    current = target ? { ...flatten(target, resolve, new Set([...seen, $ref])), ...siblings } : siblings;
  }
  if (!current.allOf) return current;
  const { allOf, ...rest } = current;
  let merged: SampleSchema = rest;
  for (const part of allOf) merged = mergeSchemas(merged, flatten(part, resolve, seen));
  return merged;
}

function mergeSchemas(a: SampleSchema, b: SampleSchema): SampleSchema {
  const merged: SampleSchema = { ...a, ...b };
  if (a.properties || b.properties) merged.properties = { ...a.properties, ...b.properties };
  if (a.required || b.required)
    merged.required = [...new Set([...(a.required ?? []), ...(b.required ?? [])])];
  if (a.type !== undefined && b.type !== undefined) {
    const left = [a.type].flat();
    const both = [b.type]
      .flat()
      .filter((type) => left.includes(type) || (type === "integer" && left.includes("number")));
    if (both.length > 0) merged.type = both.length === 1 ? both[0] : both;
  }
  return merged;
}

function ownExample(schema: SampleSchema): unknown {
  if (schema.examples && schema.examples.length > 0) return schema.examples[0];
  if (schema.example !== undefined) return schema.example;
  return schema.default;
}

/** One branch of a `oneOf`/`anyOf`; with a discriminator, a branch it names and its name in the property. */
function sampleChoice(
  schema: SampleSchema,
  choices: SampleSchema[],
  options: SampleOptions,
  depth: number,
): unknown {
  const { oneOf: _oneOf, anyOf: _anyOf, ...outer } = schema;
  const discriminator = schema.discriminator;
  const index =
    depth >= MAX_DEPTH ? shortestChoice(choices, options.resolve) : options.random.int(0, choices.length - 1);
  const branch = choices[index] as SampleSchema;
  const merged = mergeSchemas(outer, flatten(branch, options.resolve));
  // A branch's optional properties are what tells it from its siblings (`{}` matches them all), so
  // they are drawn even deep down; past MAX_DEPTH the depth goes on growing and the walk ends.
  const value = sample(merged, options, depth < MAX_DEPTH ? Math.min(depth + 1, MAX_DEPTH - 3) : depth + 1);
  if (discriminator && value !== null && typeof value === "object" && !Array.isArray(value)) {
    const name = discriminatorValue(discriminator, branch, options.resolve);
    if (name !== undefined) (value as Record<string, unknown>)[discriminator.propertyName] = name;
  }
  return value;
}

/** The discriminator value that names `branch`: its mapping key, else the referenced schema's name. */
function discriminatorValue(
  discriminator: NonNullable<SampleSchema["discriminator"]>,
  branch: SampleSchema,
  resolve: RefResolver,
): string | undefined {
  const own = flatten(branch, resolve).properties?.[discriminator.propertyName];
  const fixed = own && flatten(own, resolve);
  if (fixed?.const !== undefined) return String(fixed.const);
  if (fixed?.enum?.length === 1) return String(fixed.enum[0]);
  if (branch.$ref === undefined) return undefined;
  const mapped = Object.entries(discriminator.mapping ?? {}).find(([, target]) => target === branch.$ref);
  return mapped ? mapped[0] : branch.$ref.split("/").pop();
}

/** The branch least likely to recurse: a scalar if there is one. */
function shortestChoice(choices: SampleSchema[], resolve: RefResolver): number {
  const scalar = choices.findIndex((choice) => {
    const type = flatten(choice, resolve).type;
    return type !== undefined && [type].flat().every((one) => one !== "object" && one !== "array");
  });
  return Math.max(scalar, 0);
}

function pickType(schema: SampleSchema, options: SampleOptions, depth: number): string {
  const types = schema.type === undefined ? inferredTypes(schema) : [schema.type].flat();
  const usable =
    depth >= MAX_DEPTH && types.includes("null") ? ["null"] : types.filter((type) => type !== "null");
  return usable.length > 0 ? options.random.pick(usable) : (types[0] ?? "object");
}

function inferredTypes(schema: SampleSchema): string[] {
  if (schema.properties || schema.additionalProperties !== undefined) return ["object"];
  if (schema.items !== undefined || schema.prefixItems) return ["array"];
  if (schema.pattern !== undefined || schema.format !== undefined || schema.minLength !== undefined)
    return ["string"];
  if (schema.minimum !== undefined || schema.maximum !== undefined) return ["number"];
  return ["object"];
}

function sampleInteger(schema: SampleSchema, random: SeededRandom): number | bigint {
  const wide = integerFormat(schema.format);
  let min =
    schema.minimum ?? (schema.exclusiveMinimum !== undefined ? Math.floor(schema.exclusiveMinimum) + 1 : 0);
  let max =
    schema.maximum ??
    (schema.exclusiveMaximum !== undefined ? Math.ceil(schema.exclusiveMaximum) - 1 : min + 1000);
  if (schema.exclusiveMinimum !== undefined) min = Math.max(min, Math.floor(schema.exclusiveMinimum) + 1);
  if (schema.exclusiveMaximum !== undefined) max = Math.min(max, Math.ceil(schema.exclusiveMaximum) - 1);
  if (wide && wide.bits > 53 && schema.maximum === undefined && random.next() < 0.25) {
    // Sometimes a value past 2^53, so that a client's lossless reading is exercised.
    const { max: top } = integerRange(wide);
    return top - BigInt(random.int(0, 1000));
  }
  const step = schema.multipleOf && Number.isInteger(schema.multipleOf) ? schema.multipleOf : 1;
  const low = Math.ceil(min / step);
  const high = Math.floor(max / step);
  return (high >= low ? random.int(low, Math.min(high, low + 1000)) : low) * step;
}

function sampleNumber(schema: SampleSchema, random: SeededRandom): number {
  if (schema.multipleOf)
    return (sampleInteger({ ...schema, multipleOf: undefined }, random) as number) * schema.multipleOf;
  const min = schema.minimum ?? schema.exclusiveMinimum ?? 0;
  const max = schema.maximum ?? schema.exclusiveMaximum ?? min + 1000;
  const value = Math.round((min + random.next() * (max - min)) * 100) / 100;
  return value === schema.exclusiveMinimum || value === schema.exclusiveMaximum ? (min + max) / 2 : value;
}

/** Strings of the formats a spec commonly names, each valid for that format. */
const FORMAT_SAMPLES: Record<string, (random: SeededRandom) => string> = {
  "date-time": (random) => new Date(Date.UTC(2026, 0, 1) + random.int(0, 364) * 86_400_000).toISOString(),
  date: (random) =>
    new Date(Date.UTC(2026, 0, 1) + random.int(0, 364) * 86_400_000).toISOString().slice(0, 10),
  time: () => "12:00:00Z",
  email: (random) => `user${random.int(1, 999)}@example.com`,
  uri: (random) => `https://example.com/items/${random.int(1, 999)}`,
  url: (random) => `https://example.com/items/${random.int(1, 999)}`,
  "uri-reference": (random) => `/items/${random.int(1, 999)}`,
  hostname: () => "api.example.com",
  ipv4: (random) => `192.0.2.${random.int(1, 254)}`,
  ipv6: () => "2001:db8::1",
  uuid: (random) =>
    [8, 4, 4, 4, 12]
      .map((length, part) =>
        Array.from({ length }, (_, i) => (part === 2 && i === 0 ? "4" : random.int(0, 15).toString(16))).join(
          "",
        ),
      )
      .join("-"),
  byte: () => "aGVsbG8=",
  binary: () => "binary",
  password: () => "secret-1234",
  int64: (random) => String(random.int(0, 1_000_000)),
};

function sampleString(schema: SampleSchema, random: SeededRandom): string {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Math.max(min, 16);
  let text: string;
  if (schema.pattern !== undefined) text = patternSample(schema.pattern, random, { min, max });
  else if (schema.format !== undefined && FORMAT_SAMPLES[schema.format])
    text = FORMAT_SAMPLES[schema.format]?.(random) as string;
  else text = `sample-${random.int(100, 999)}`;
  if (schema.pattern === undefined && schema.maxLength !== undefined && text.length > max)
    text = text.slice(0, max);
  while (text.length < min) text += "x";
  return text;
}

function sampleArray(schema: SampleSchema, options: SampleOptions, depth: number): unknown[] {
  const prefix = (schema.prefixItems ?? []).map((item) => sample(item, options, depth + 1));
  const min = Math.max(schema.minItems ?? 0, prefix.length);
  const max = schema.maxItems ?? Math.max(min, 2);
  const length =
    depth >= MAX_DEPTH || options.fewestItems ? min : Math.max(min, Math.min(max, options.random.int(1, 2)));
  const items = [...prefix];
  const itemSchema = schema.items === undefined ? {} : schema.items;
  for (let attempt = 0; items.length < length && attempt < length * 4; attempt++) {
    const item = sample(itemSchema, options, depth + 1);
    if (
      schema.uniqueItems &&
      items.some((other) => JSON.stringify(other) === JSON.stringify(item, bigintText))
    )
      continue;
    items.push(item);
  }
  return items;
}

function bigintText(_key: string, value: unknown): unknown {
  return typeof value === "bigint" ? value.toString() : value;
}

function sampleObject(schema: SampleSchema, options: SampleOptions, depth: number): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  const required = new Set(schema.required ?? []);
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const flat = flatten(property, options.resolve);
    if (options.direction === "response" && flat.writeOnly) continue;
    if (options.direction === "request" && flat.readOnly && !required.has(name)) continue;
    // Optional properties appear unless the sample is already deep: answers look like real ones.
    if (!required.has(name) && (depth >= MAX_DEPTH - 2 || options.requiredOnly)) continue;
    Object.defineProperty(result, name, {
      value: sample(flat, options, depth + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  for (const name of required) {
    if (!Object.hasOwn(result, name)) {
      Object.defineProperty(result, name, {
        value: sample({}, options, depth + 1),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
  const extra = typeof schema.additionalProperties === "object" ? schema.additionalProperties : undefined;
  for (let count = Object.keys(result).length; count < (schema.minProperties ?? 0); count++) {
    result[`key${count}`] = sample(extra ?? {}, options, depth + 1);
  }
  return result;
}
