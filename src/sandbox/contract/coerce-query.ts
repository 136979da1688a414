import type { JsonSchema, ParameterSpec } from "./bundled-spec.js";

/** Every JSON type a schema (or its anyOf/oneOf/allOf branches, enum or const) admits. */
function schemaTypes(schema: JsonSchema | undefined): Set<string> {
  const types = new Set<string>();
  if (!schema) return types;
  if (typeof schema.type === "string") types.add(schema.type);
  if (Array.isArray(schema.type)) for (const type of schema.type) types.add(type);
  for (const value of [...(schema.enum ?? []), ...("const" in schema ? [schema.const] : [])]) {
    types.add(typeof value === "number" ? "number" : typeof value);
  }
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    for (const type of schemaTypes(branch)) types.add(type);
  }
  return types;
}

const NUMBER_TEXT = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

function coerceScalar(text: string, types: Set<string>): unknown {
  if (types.has("string")) return text;
  if ((types.has("integer") || types.has("number")) && NUMBER_TEXT.test(text)) {
    const value = Number(text);
    // An integer beyond 2^53 stays text so the validator refuses it instead of silently rounding.
    if (!types.has("number") && !Number.isSafeInteger(value)) return text;
    return value;
  }
  if (types.has("boolean") && (text === "true" || text === "false")) return text === "true";
  if (types.has("null") && text === "null") return null;
  return text;
}

/**
 * Turns a query string into the object the generated query validator expects: each value is
 * converted to the type its parameter schema asks for (integer, number, boolean; arrays from repeated
 * keys). Values that do not convert stay strings so validation names them; keys the spec does not
 * list are dropped, as the real services ignore them.
 *
 * @param query - The query as received.
 * @param parameters - The operation's parameters from the bundled spec.
 * @returns The query object.
 * @example
 * const parameters: ParameterSpec[] = [{ name: "limit", in: "query", schema: { type: "integer" } }, { name: "sort", in: "query", schema: { type: "string" } }];
 * coerceQuery(new URLSearchParams("limit=5&sort=asc"), parameters); // { limit: 5, sort: "asc" }
 */
export function coerceQuery(
  query: URLSearchParams,
  parameters: readonly ParameterSpec[],
): Record<string, unknown> {
  const byName = new Map(parameters.filter((p) => p.in === "query").map((p) => [p.name, p.schema]));
  const result: Record<string, unknown> = {};
  for (const name of new Set(query.keys())) {
    if (!byName.has(name)) continue;
    const schema = byName.get(name);
    const types = schemaTypes(schema);
    if (types.has("array")) {
      const itemTypes = schemaTypes(schema?.items);
      result[name] = query.getAll(name).map((text) => coerceScalar(text, itemTypes));
    } else {
      result[name] = coerceScalar(query.get(name) ?? "", types);
    }
  }
  return result;
}
