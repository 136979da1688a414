import { INTEGER_FORMAT_KEYWORD, integerFormat, integerWords } from "../json/integer-format.js";
import type { ValidationIssue } from "../operation.js";
import { describePattern } from "./pattern-words.js";

/** JSON types as a sentence names them. */
const TYPE_NAMES: Readonly<Record<string, string>> = {
  string: "a string",
  integer: "an integer",
  number: "a number",
  boolean: "true or false",
  object: "an object",
  array: "an array",
  null: "null",
};

/** Formats as a sentence names them, where ajv-formats' name alone would not say enough. */
const FORMAT_NAMES: Readonly<Record<string, string>> = {
  "date-time": "a date and time (RFC 3339, e.g. 2024-01-31T12:00:00Z)",
  date: "a date (YYYY-MM-DD)",
  time: "a time (HH:MM:SS with an offset)",
  uri: "an absolute URI (e.g. https://example.com/path)",
  "uri-reference": "a URI or a relative reference",
  email: "an email address",
  uuid: "a UUID",
  int32: "a 32-bit integer",
};

/**
 * Says in words what one validator issue asks for, for the keywords whose params say it all
 * (types, enums, patterns, bounds, formats, …). Compound keywords (`oneOf`, `anyOf`, rules) are read
 * by `field-issues.ts`, which knows their branches.
 *
 * @param issue - One issue, as ajv reports it (its own `message` is not used).
 * @returns The message, to be read after the field's pointer.
 * @example
 * issueMessage({ instancePath: "/type", schemaPath: "#/enum", keyword: "enum", params: { allowedValues: ["shared", "dedicated"] } });
 * // "must be one of: shared, dedicated"
 */
export function issueMessage(issue: ValidationIssue): string {
  const params = issue.params;
  switch (issue.keyword) {
    case "type":
      return `must be ${typeList(params.type)}`;
    case "enum": {
      const values = Array.isArray(params.allowedValues) ? params.allowedValues : [params.allowedValues];
      return values.length === 1
        ? `must be ${shown(values[0])}`
        : `must be one of: ${values.map(shown).join(", ")}`;
    }
    case "const":
      return `must be ${shown(params.allowedValue)}`;
    case "pattern":
      return describePattern(String(params.pattern));
    case "format":
      return `must be ${FORMAT_NAMES[String(params.format)] ?? `a valid ${String(params.format)}`}`;
    case INTEGER_FORMAT_KEYWORD: {
      const format = integerFormat(params.format);
      return format === undefined ? "does not match the spec" : `must be ${integerWords(format)}`;
    }
    case "required":
      return "is required";
    case "dependentRequired":
      return `is required when ${String(params.property)} is present`;
    case "additionalProperties":
    case "unevaluatedProperties":
      return "is not a field this object accepts";
    case "minLength":
      return Number(params.limit) === 1
        ? "must not be empty"
        : `must be at least ${params.limit} characters long`;
    case "maxLength":
      return `must be at most ${params.limit} characters long`;
    case "minimum":
    case "maximum":
    case "exclusiveMinimum":
    case "exclusiveMaximum":
      return `must be ${comparison(String(params.comparison))} ${params.limit}`;
    case "multipleOf":
      return `must be a multiple of ${params.multipleOf}`;
    case "minItems":
      return `must have at least ${count(params.limit, "item")}`;
    case "maxItems":
    case "items":
    case "additionalItems":
    case "unevaluatedItems":
      return `must have at most ${count(params.limit, "item")}`;
    case "uniqueItems":
      return `must not repeat an item (items ${params.j} and ${params.i} are equal)`;
    case "minProperties":
      return `must have at least ${count(params.limit, "field")}`;
    case "maxProperties":
      return `must have at most ${count(params.limit, "field")}`;
    case "contains":
    case "minContains":
    case "maxContains":
      return "does not hold the items the spec asks for";
    case "propertyNames":
      return `has a field name that is not allowed (${String(params.propertyName)})`;
    case "not":
    case "false schema":
      return "is not allowed here";
    default:
      return "does not match the spec";
  }
}

function typeList(type: unknown): string {
  const names = String(type)
    .split(",")
    .map((name) => TYPE_NAMES[name] ?? name);
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} or ${names.at(-1)}` : (names[0] ?? "");
}

/** A value as a message shows it: a plain word bare, anything else as JSON. */
function shown(value: unknown): string {
  return typeof value === "string" && /^[^\s,"]+$/.test(value) ? value : JSON.stringify(value);
}

function comparison(operator: string): string {
  switch (operator) {
    case ">=":
      return "at least";
    case "<=":
      return "at most";
    case ">":
      return "greater than";
    default:
      return "less than";
  }
}

function count(limit: unknown, noun: string): string {
  return `${limit} ${noun}${Number(limit) === 1 ? "" : "s"}`;
}
