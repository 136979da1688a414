import { isObject, type Json, type JsonObject } from "./json.js";
import { childPointer } from "./json-pointer.js";

/** The `$schema` URIs of the drafts read by rewriting them into 2020-12 (`#` and `https:` optional). */
const OLD_DRAFTS = /^https?:\/\/json-schema\.org\/draft-0[67]\/schema#?$/;

/** Keywords whose value is one subschema, in draft-06/07. */
const ONE = [
  "additionalProperties",
  "additionalItems",
  "contains",
  "propertyNames",
  "if",
  "then",
  "else",
  "not",
];
/** Keywords whose value is a list of subschemas. */
const LIST = ["allOf", "anyOf", "oneOf"];
/** Keywords whose value maps names to subschemas. */
const MAP = ["properties", "patternProperties", "definitions"];

/**
 * Rewrites every schema that declares JSON Schema draft-06 or draft-07 (`$schema`), and its
 * subschemas, into the 2020-12 schema that accepts exactly the same values, so that the generator's
 * 2020-12 validators apply that draft's rules: siblings of a `$ref` are ignored (draft-07 reads only
 * the `$ref`), an `items` list becomes `prefixItems` with `additionalItems` as `items`, `dependencies`
 * becomes `dependentRequired` / `dependentSchemas`, and an `$id` that is a plain `#name` an `$anchor`.
 *
 * @param note - Told once per rewritten schema, with its JSON pointer.
 * @returns The document, with those schemas replaced (the input is left alone).
 */
export function upgradeDraft07Schemas(doc: Json, note: (pointer: string, draft: string) => void): Json {
  const visit = (node: Json, pointer: string): Json => {
    if (Array.isArray(node)) return node.map((item, index) => visit(item, `${pointer}/${index}`));
    if (!isObject(node)) return node;
    if (typeof node.$schema === "string" && OLD_DRAFTS.test(node.$schema)) {
      note(pointer, node.$schema);
      const { $schema: _draft, ...schema } = node;
      return rewrite(schema);
    }
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => [key, visit(value, childPointer(pointer, key))]),
    );
  };
  return visit(doc, "");
}

/** One draft-06/07 schema as 2020-12. */
function rewrite(schema: Json): Json {
  if (!isObject(schema)) return schema;
  if (typeof schema.$ref === "string") {
    // Draft-07 ignores every sibling of `$ref`; annotations may stay, they check nothing.
    const { $ref, title, description } = schema;
    return { $ref, ...(title !== undefined && { title }), ...(description !== undefined && { description }) };
  }
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (ONE.includes(key)) out[key] = rewrite(value);
    else if (LIST.includes(key) && Array.isArray(value)) out[key] = value.map(rewrite);
    else if (MAP.includes(key) && isObject(value))
      out[key] = Object.fromEntries(Object.entries(value).map(([name, child]) => [name, rewrite(child)]));
    else if (key !== "items" && key !== "dependencies") out[key] = value;
  }
  if (Array.isArray(schema.items)) {
    out.prefixItems = schema.items.map(rewrite);
    delete out.additionalItems;
    if (schema.additionalItems !== undefined) out.items = rewrite(schema.additionalItems);
  } else {
    // With one `items` schema (or none), draft-07 ignores `additionalItems`.
    delete out.additionalItems;
    if (schema.items !== undefined) out.items = rewrite(schema.items);
  }
  if (isObject(schema.dependencies)) {
    for (const [name, dependency] of Object.entries(schema.dependencies)) {
      const keyword = Array.isArray(dependency) ? "dependentRequired" : "dependentSchemas";
      const target = isObject(out[keyword]) ? out[keyword] : {};
      target[name] = Array.isArray(dependency) ? dependency : rewrite(dependency);
      out[keyword] = target;
    }
  }
  if (typeof schema.$id === "string" && /^#[A-Za-z][\w.-]*$/.test(schema.$id)) {
    delete out.$id;
    out.$anchor = schema.$id.slice(1);
  }
  return out;
}
