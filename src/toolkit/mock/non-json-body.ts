import type { FieldIssue } from "../../runtime/errors/request-validation-error.js";
import { pointerToken } from "../../runtime/json/json-pointer.js";
import type { Validator } from "../../runtime/operation.js";
import { checkValue } from "../../runtime/validation/field-issues.js";
import type { ParameterSpec } from "../../sandbox/contract/bundled-spec.js";
import { coerceQuery } from "../../sandbox/contract/coerce-query.js";
import { multipartParts } from "./multipart-parts.js";
import { flattenSchema, type RefResolver, type SampleSchema } from "./schema-sample.js";

/** A body read from its media type: the value the mock keeps, and what is wrong with it. */
export interface ReadBody {
  body: unknown;
  issues: FieldIssue[];
}

/**
 * Form fields (`application/x-www-form-urlencoded`), each converted to the type its property asks
 * for (as query parameters are), then checked with the operation's generated body validator.
 *
 * @param raw - The body text.
 * @param schema - The media's schema.
 * @param validate - The generated validator of the form's fields.
 * @param resolve - Follows the document's `$ref`s.
 * @example
 * readFormBody("name=Rex&age=3", { type: "object", properties: { age: { type: "integer" } } }, undefined, () => undefined);
 * // { body: { name: "Rex", age: 3 }, issues: [] }
 */
export function readFormBody(
  raw: string,
  schema: SampleSchema | undefined,
  validate: Validator | undefined,
  resolve: RefResolver,
): ReadBody {
  const fields = new URLSearchParams(raw);
  const body = typedFields(fields, schema, resolve);
  return { body, issues: validate ? checkValue(validate, body, "/body") : [] };
}

/**
 * The parts of a `multipart/form-data` body, checked by presence and type: every required property
 * has a part, a part for a number, integer or boolean property holds one, a part for a property with
 * an `enum` holds one of its values, and no part is outside the properties when the schema closes
 * them (`additionalProperties: false`). A file's content is not looked into.
 *
 * @param contentType - The request's `Content-Type` (its boundary).
 * @param raw - The body text.
 * @param schema - The media's schema.
 * @param resolve - Follows the document's `$ref`s.
 * @example
 * const body = "--x\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.txt\"\r\n\r\nhi\r\n--x--\r\n";
 * readMultipartBody("multipart/form-data; boundary=x", body, { type: "object", required: ["file"] }, () => undefined);
 */
export function readMultipartBody(
  contentType: string,
  raw: string,
  schema: SampleSchema | undefined,
  resolve: RefResolver,
): ReadBody {
  const parts = multipartParts(contentType, raw);
  const fields = new URLSearchParams();
  for (const part of parts) fields.append(part.name, part.value);
  const body = typedFields(fields, schema, resolve);
  const flat = schema ? flattenSchema(schema, resolve) : {};
  const properties = flat.properties ?? {};
  const issues: FieldIssue[] = [];
  for (const name of flat.required ?? []) {
    if (!parts.some((part) => part.name === name)) {
      issues.push({
        pointer: `/body/${pointerToken(name)}`,
        message: `is required: send a part named ${name}`,
      });
    }
  }
  for (const part of parts) {
    const pointer = `/body/${pointerToken(part.name)}`;
    const property = properties[part.name];
    if (property === undefined) {
      if (flat.additionalProperties === false) {
        const known = Object.keys(properties).join(", ");
        issues.push({ pointer, message: `is not a field of this body (its fields: ${known})` });
      }
      continue;
    }
    if (part.file) continue;
    issues.push(...scalarIssues(typedValue(body, part.name), flattenSchema(property, resolve), pointer));
  }
  return { body, issues };
}

/**
 * A `text/*` body, checked against the media's schema: a string's length, pattern and `enum`, or,
 * for a number, integer or boolean schema, that the text is one.
 *
 * @param raw - The body text.
 * @param schema - The media's schema (none: any text).
 * @param resolve - Follows the document's `$ref`s.
 * @example
 * readTextBody("hello", { type: "string", maxLength: 3 }, () => undefined).issues;
 * // [{ pointer: "/body", message: "must be at most 3 characters long" }]
 */
export function readTextBody(raw: string, schema: SampleSchema | undefined, resolve: RefResolver): ReadBody {
  if (!schema) return { body: raw, issues: [] };
  const flat = flattenSchema(schema, resolve);
  const body = coerceQuery(new URLSearchParams([["text", raw]]), [
    { name: "text", in: "query", schema: flat } as ParameterSpec,
  ]).text;
  const types = [flat.type ?? []].flat();
  if (
    types.length > 0 &&
    !types.some((type) => type === "string" || type === "number" || type === "integer" || type === "boolean")
  ) {
    return {
      body: raw,
      issues: [
        {
          pointer: "/body",
          message: `is text, but the spec describes a ${types.join(" or ")} here: send it as the spec's other media type`,
        },
      ],
    };
  }
  return { body, issues: scalarIssues(body, flat, "/body") };
}

/** The fields as an object, each converted to the type its property asks for; unlisted fields kept as text. */
function typedFields(
  fields: URLSearchParams,
  schema: SampleSchema | undefined,
  resolve: RefResolver,
): Record<string, unknown> {
  const properties = schema ? (flattenSchema(schema, resolve).properties ?? {}) : {};
  const asParameters = Object.entries(properties).map(
    ([name, property]) => ({ name, in: "query", schema: flattenSchema(property, resolve) }) as ParameterSpec,
  );
  const listed = Object.fromEntries([...new Set(fields.keys())].map((name) => [name, fields.get(name)]));
  return { ...listed, ...coerceQuery(fields, asParameters) };
}

function typedValue(body: Record<string, unknown>, name: string): unknown {
  const value = body[name];
  return Array.isArray(value) ? value[0] : value;
}

/** What is wrong with one value of a text field against a scalar schema, in words. */
function scalarIssues(value: unknown, schema: SampleSchema, pointer: string): FieldIssue[] {
  const types = [schema.type ?? []].flat();
  if (schema.enum && !schema.enum.includes(value)) {
    return [{ pointer, message: `must be one of: ${schema.enum.map(String).join(", ")}` }];
  }
  if (typeof value === "string") {
    for (const type of ["integer", "number", "boolean"]) {
      if (types.length > 0 && types.every((one) => one === type || one === "null")) {
        const example =
          type === "boolean"
            ? "true or false"
            : type === "integer"
              ? "a whole number such as 7"
              : "a number such as 1.5";
        return [{ pointer, message: `must be ${type === "integer" ? "an" : "a"} ${type}: send ${example}` }];
      }
    }
    if (schema.minLength !== undefined && [...value].length < schema.minLength)
      return [{ pointer, message: `must be at least ${schema.minLength} characters long` }];
    if (schema.maxLength !== undefined && [...value].length > schema.maxLength)
      return [{ pointer, message: `must be at most ${schema.maxLength} characters long` }];
    if (schema.pattern !== undefined && !safeTest(schema.pattern, value))
      return [{ pointer, message: `must match the pattern ${schema.pattern}` }];
  }
  return [];
}

/** A spec's pattern tested with the `u` flag; a pattern JavaScript cannot read passes everything. */
function safeTest(pattern: string, value: string): boolean {
  try {
    return new RegExp(pattern, "u").test(value);
  } catch {
    return true;
  }
}
