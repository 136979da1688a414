import { createHash } from "node:crypto";
import { isObject, type Json, type JsonObject } from "../../../scripts/generate/json.js";
import { childPointer, refPointer, valueAt } from "../../../scripts/generate/json-pointer.js";

/**
 * A schema as it acts on the wire: `$ref`s followed and `allOf` merged into one object. Children stay
 * as written (read them with {@link SchemaReader.view} in turn); `at` remembers, per keyword (and per
 * `properties/<name>`), the pointer of the object that wrote it, so a change is located where an
 * editor would fix it.
 */
export interface SchemaView {
  schema: JsonObject;
  pointer: string;
  at: Map<string, string>;
}

/** Keywords that say nothing about what goes over the wire. */
const ANNOTATIONS = new Set([
  "title",
  "description",
  "example",
  "examples",
  "$comment",
  "externalDocs",
  "xml",
  "$schema",
  "$id",
  "$anchor",
  "$defs",
  "definitions",
  "discriminator",
]);

/** Keywords holding one subschema. */
const SUBSCHEMA_KEYS = new Set([
  "items",
  "additionalProperties",
  "not",
  "contains",
  "propertyNames",
  "if",
  "then",
  "else",
  "unevaluatedItems",
  "unevaluatedProperties",
  "contentSchema",
]);

/** Keywords holding a name → subschema map. */
const SCHEMA_MAP_KEYS = new Set(["properties", "patternProperties", "dependentSchemas"]);

/** Whether a keyword is ignored when comparing schemas. */
export function isAnnotation(key: string): boolean {
  return ANNOTATIONS.has(key) || key.startsWith("x-");
}

/** How deep `allOf`s and `$ref` chains are followed before a schema is taken as written. */
const MAX_DEPTH = 64;

/** Reads the schemas of one document: effective views and wire fingerprints, both cached. */
export class SchemaReader {
  private readonly views = new Map<string, SchemaView>();
  /** Whole fingerprints by pointer. */
  private readonly prints = new Map<string, string>();
  /** Fingerprints cut by the depth limit, by depth left and pointer. */
  private readonly cutPrints = new Map<string, string>();

  constructor(readonly doc: Json) {}

  /** Follows `$ref`s (cycle-safe) to the object they name, and where it is. */
  deref(node: Json | undefined, pointer: string): { node: Json | undefined; pointer: string } {
    const visited = new Set<string>();
    while (isObject(node) && typeof node.$ref === "string") {
      const target = refPointer(node.$ref);
      if (target === undefined || visited.has(target)) break;
      const { $ref: _followed, ...siblings } = node;
      // 3.1 lets keywords sit next to a $ref; they then apply too, like an allOf.
      if (Object.keys(siblings).some((key) => !isAnnotation(key))) {
        return { node: { allOf: [{ $ref: node.$ref }, siblings] }, pointer };
      }
      visited.add(target);
      node = valueAt(this.doc, target);
      pointer = target;
    }
    return { node, pointer };
  }

  /** The effective schema at `node` (written at `pointer`). */
  view(node: Json | undefined, pointer: string, depth = 0): SchemaView {
    const found = this.deref(node, pointer);
    const cached = this.views.get(found.pointer);
    if (cached !== undefined && found.node === valueAt(this.doc, found.pointer)) return cached;
    const view = this.build(found.node, found.pointer, depth);
    if (found.node === valueAt(this.doc, found.pointer)) this.views.set(found.pointer, view);
    return view;
  }

  private build(node: Json | undefined, pointer: string, depth: number): SchemaView {
    if (node === false) return { schema: { not: {} }, pointer, at: new Map() };
    if (!isObject(node)) return { schema: {}, pointer, at: new Map() };
    if (!Array.isArray(node.allOf) || depth > MAX_DEPTH) return { schema: node, pointer, at: new Map() };
    const { allOf, ...base } = node;
    const merged: SchemaView = { schema: {}, pointer, at: new Map() };
    mergeInto(merged, { schema: base, pointer, at: new Map() });
    allOf.forEach((member, index) => {
      mergeInto(merged, this.view(member, childPointer(pointer, "allOf", index), depth + 1));
    });
    return merged;
  }

  /**
   * A hash of what the schema accepts: annotations left out, `allOf` merged, `$ref`s followed,
   * unordered lists sorted. Equal hashes, same wire. A recursive schema is hashed as if unrolled
   * {@link MAX_DEPTH} levels deep, so a renamed cycle hashes alike; each (schema, depth left) is
   * hashed once, which keeps Stripe's web of mutually recursive schemas linear instead of one walk per path.
   */
  fingerprint(node: Json | undefined, pointer: string): string {
    return this.print(node, pointer, MAX_DEPTH).hash;
  }

  private print(node: Json | undefined, pointer: string, depthLeft: number): Printed {
    const found = this.deref(node, pointer);
    const whole = this.prints.get(found.pointer);
    if (whole !== undefined) return { hash: whole, cut: false };
    if (depthLeft === 0) return { hash: "deep", cut: true };
    const key = `${depthLeft}:${found.pointer}`;
    const cutHash = this.cutPrints.get(key);
    if (cutHash !== undefined) return { hash: cutHash, cut: true };
    const view = this.view(found.node, found.pointer);
    let cut = false;
    const child = (value: Json, at: string): string => {
      const printed = this.print(value, at, depthLeft - 1);
      cut ||= printed.cut;
      return printed.hash;
    };
    const parts: string[] = [];
    for (const key of Object.keys(view.schema).sort()) {
      if (isAnnotation(key)) continue;
      const value = view.schema[key] as Json;
      const at = childPointer(view.at.get(key) ?? view.pointer, key);
      if (SCHEMA_MAP_KEYS.has(key) && isObject(value)) {
        const names = Object.keys(value).sort();
        parts.push(
          `${key}{${names.map((name) => `${JSON.stringify(name)}:${child(value[name] as Json, propertyPointer(view, key, name))}`).join(",")}}`,
        );
      } else if (SUBSCHEMA_KEYS.has(key)) {
        parts.push(`${key}:${typeof value === "boolean" ? value : child(value, at)}`);
      } else if ((key === "oneOf" || key === "anyOf") && Array.isArray(value)) {
        parts.push(
          `${key}[${value
            .map((branch, index) => child(branch, childPointer(at, index)))
            .sort()
            .join(",")}]`,
        );
      } else if (key === "prefixItems" && Array.isArray(value)) {
        parts.push(`${key}[${value.map((item, index) => child(item, childPointer(at, index))).join(",")}]`);
      } else {
        parts.push(`${key}=${canonicalValue(key, value)}`);
      }
    }
    const hash = createHash("sha1").update(parts.join(";")).digest("base64");
    // A hash that never reached the depth limit is the schema's whole hash, whatever depth asks for it.
    if (cut) this.cutPrints.set(key, hash);
    else this.prints.set(found.pointer, hash);
    return { hash, cut };
  }
}

/** A fingerprint, and whether it was cut short by the depth limit (a recursive or very deep schema). */
interface Printed {
  hash: string;
  cut: boolean;
}

/** The pointer of `properties/<name>` (or another name map's entry) in a view. */
export function propertyPointer(view: SchemaView, key: string, name: string): string {
  return childPointer(view.at.get(`${key}/${name}`) ?? view.at.get(key) ?? view.pointer, key, name);
}

/** The pointer of a keyword's value in a view. */
export function keywordPointer(view: SchemaView, key: string): string {
  return childPointer(view.at.get(key) ?? view.pointer, key);
}

/** A keyword's value as text, with unordered lists sorted and `type: x` read as `type: [x]`. */
function canonicalValue(key: string, value: Json): string {
  if ((key === "required" || key === "type") && Array.isArray(value))
    return stable([...value].map(String).sort());
  if (key === "type") return stable([value]);
  if (key === "enum" && Array.isArray(value)) return stable(value.map((item) => stable(item)).sort());
  return stable(value);
}

/** JSON with object keys sorted. */
export function stable(value: Json | undefined): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(",")}]`;
  if (isObject(value)) {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stable(value[key])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value) ?? "undefined";
}

/** Lower bounds keep the larger value when `allOf` members both set one; upper bounds the smaller. */
const LOWER_BOUNDS = new Set(["minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties"]);
const UPPER_BOUNDS = new Set(["maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties"]);

/** Merges an `allOf` member into the schema built so far (both must hold, so the result is their intersection). */
function mergeInto(target: SchemaView, member: SchemaView): void {
  const into = target.schema;
  for (const [key, value] of Object.entries(member.schema)) {
    const from = member.at.get(key) ?? member.pointer;
    const current = into[key];
    if (current === undefined) {
      into[key] = SCHEMA_MAP_KEYS.has(key) && isObject(value) ? { ...value } : value;
      target.at.set(key, from);
      if (SCHEMA_MAP_KEYS.has(key) && isObject(value)) {
        for (const name of Object.keys(value))
          target.at.set(`${key}/${name}`, member.at.get(`${key}/${name}`) ?? from);
      }
      continue;
    }
    if (SCHEMA_MAP_KEYS.has(key) && isObject(current) && isObject(value)) {
      for (const [name, schema] of Object.entries(value)) {
        const present = current[name];
        // A property both members describe must satisfy both.
        current[name] = present === undefined ? schema : { allOf: [present, schema] };
        if (present === undefined) target.at.set(`${key}/${name}`, member.at.get(`${key}/${name}`) ?? from);
      }
    } else if (key === "required" && Array.isArray(current) && Array.isArray(value)) {
      into[key] = [...new Set([...current, ...value])];
    } else if (key === "type") {
      into[key] = intersectTypes(current, value);
    } else if (key === "enum" && Array.isArray(current) && Array.isArray(value)) {
      const allowed = new Set(value.map((item) => stable(item)));
      into[key] = current.filter((item) => allowed.has(stable(item)));
    } else if (LOWER_BOUNDS.has(key) && typeof current === "number" && typeof value === "number") {
      into[key] = Math.max(current, value);
    } else if (UPPER_BOUNDS.has(key) && typeof current === "number" && typeof value === "number") {
      into[key] = Math.min(current, value);
    }
  }
}

function intersectTypes(a: Json, b: Json): Json {
  const left = new Set(Array.isArray(a) ? a.map(String) : [String(a)]);
  const right = new Set(Array.isArray(b) ? b.map(String) : [String(b)]);
  const both = [...left].filter((type) => right.has(type) || (type === "integer" && right.has("number")));
  for (const type of right)
    if (type === "integer" && left.has("number") && !both.includes(type)) both.push(type);
  return both.length === 1 ? (both[0] as string) : both;
}
