import { parseJson } from "../runtime/json/parse-json.js";
import type { Schema } from "./surfaces.js";

/** Every JSON type a schema admits, through `anyOf`/`oneOf`/`allOf`, `enum` and `const`. */
function typesOf(schema: Schema, into = new Set<string>()): Set<string> {
  if (typeof schema.type === "string") into.add(schema.type);
  if (Array.isArray(schema.type)) for (const type of schema.type) into.add(type);
  for (const value of [...(schema.enum ?? []), ...("const" in schema ? [schema.const] : [])]) {
    into.add(jsonType(value));
  }
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    typesOf(branch, into);
  }
  return into;
}

function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "bigint") return "integer";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

function admits(types: Set<string>, value: unknown): boolean {
  const type = jsonType(value);
  return types.has(type) || (type === "integer" && types.has("number"));
}

/**
 * Reads the text of `--param name=<text>` as the value its schema asks for: JSON when the text is
 * JSON of a type the schema admits (`true`, `42`, `[1,2]`, `{"archive":true}`, big integers as
 * `bigint`), else the text itself as a string. So `--param page=2` is the integer 2, `--param
 * block=latest` the string "latest", and `--param name=42` the string "42" when `name` is a string.
 * A value the schema refuses is sent as read, for the client's validation to name.
 *
 * @param text - The value as typed.
 * @param schema - The parameter's schema.
 * @returns The value to send.
 * @example
 * paramValue("2", { type: "integer" }); // 2
 * paramValue("2", { type: "string" }); // "2"
 */
export function paramValue(text: string, schema: Schema): unknown {
  const types = typesOf(schema);
  let parsed: unknown;
  try {
    parsed = parseJson(text, { bigint: true });
  } catch {
    return text;
  }
  if (types.size === 0 || admits(types, parsed)) return parsed;
  return types.has("string") ? text : parsed;
}
