import type { ValidationIssue, Validator } from "../../runtime/operation.js";
import { describeIssues } from "../../runtime/validation/field-issues.js";
import type { DriftRecord } from "./drift-record.js";
import { sampleText } from "./sample-text.js";
import { looksSecret } from "./secret-values.js";
import {
  isObject,
  jsonType,
  type Loose,
  type SchemaPlace,
  type SpecSchemas,
  schemaTypes,
  typeInWords,
} from "./spec-schemas.js";

/** What a check found about one value: records without the operation, direction and status. */
export type ValueFinding = Omit<DriftRecord, "operation" | "direction" | "status">;

/** Most undocumented fields reported per value: a service that adds a field to every item says so once per item kind anyway. */
const MAX_UNDOCUMENTED = 200;

/** The value's place in the spec, to pick discriminated branches, find undocumented fields and `x-secret`s. */
export interface ValueSchema {
  schemas: SpecSchemas;
  place: SchemaPlace;
}

/**
 * Checks one value of a request or answer: with the generated validator (a failed `oneOf` with a
 * `discriminator` reported for the branch it names), then against the spec document for what the
 * validators accept but the spec does not document (properties it does not declare, values of an
 * open enum it does not list).
 *
 * @param validate - The generated validator of the value.
 * @param value - The value, parsed losslessly.
 * @param prefix - The value's pointer in the call (`/body`, `/params/0`, `/result`, `""` for a REST answer).
 * @param schema - Where the value's schema sits in the spec document, when known.
 * @param redact - Scrubs the request's secrets from samples.
 */
export function checkValueDrift(
  validate: Validator | undefined,
  value: unknown,
  prefix: string,
  schema: ValueSchema | undefined,
  redact: (text: string) => string,
): ValueFinding[] {
  const findings: ValueFinding[] = [];
  if (validate && !validate(value)) {
    const issues = schema ? namedBranches(validate.errors ?? [], value, schema) : (validate.errors ?? []);
    for (const issue of describeIssues(issues, prefix)) {
      const tokens = tokensOf(issue.pointer.slice(prefix.length));
      const at = valueAt(value, tokens);
      const place = schema?.schemas.descend(schema.place, tokens, value);
      findings.push({
        pointer: issue.pointer,
        rule: issue.keyword,
        message: issue.message,
        ...(at.found && { sample: sampleText(at.value, isSecret(tokens, place), redact) }),
      });
    }
  }
  if (schema) {
    const flagged = findings.map((finding) => finding.pointer);
    const undocumented: ValueFinding[] = [];
    walkUndocumented(schema.schemas, schema.place, value, prefix, [], undocumented, redact, 0);
    findings.push(
      ...undocumented.filter(
        (finding) =>
          !flagged.some(
            (pointer) => finding.pointer === pointer || finding.pointer.startsWith(`${pointer}/`),
          ),
      ),
    );
  }
  return findings;
}

/**
 * Replaces each failed `oneOf`/`anyOf` whose schema has a `discriminator` by the issues of the
 * branch the value's discriminator property names, so that a bad `Dog` is reported as a bad `Dog`,
 * not as the `Cat` it happens to come closest to.
 */
function namedBranches(
  issues: readonly ValidationIssue[],
  value: unknown,
  schema: ValueSchema,
): ValidationIssue[] {
  return issues.flatMap((issue) => {
    if (issue.keyword !== "oneOf" && issue.keyword !== "anyOf") return [issue];
    const branches = issue.params.branches as ValidationIssue[][] | undefined;
    const tokens = tokensOf(issue.instancePath);
    const place = schema.schemas.descend(schema.place, tokens, value);
    const at = valueAt(value, tokens);
    const index = place && schema.schemas.discriminatedIndex(place, issue.keyword as "oneOf", at.value);
    const named = index === undefined ? undefined : branches?.[index];
    return named && named.length > 0 ? namedBranches(named, value, schema) : [issue];
  });
}

/** Properties the spec does not declare and open-enum values it does not list, below `place`. */
function walkUndocumented(
  schemas: SpecSchemas,
  place: SchemaPlace,
  value: unknown,
  prefix: string,
  tokens: string[],
  out: ValueFinding[],
  redact: (text: string) => string,
  depth: number,
): void {
  if (depth > 32 || out.length >= MAX_UNDOCUMENTED) return;
  const pointer = `${prefix}${tokens.map((token) => `/${token.replace(/~/g, "~0").replace(/\//g, "~1")}`).join("")}`;
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      const child = schemas.child(place, String(index), value);
      if (child)
        walkUndocumented(schemas, child, item, prefix, [...tokens, String(index)], out, redact, depth + 1);
    });
    return;
  }
  if (!isObject(value)) {
    const listed = openEnum(schemas, place, value);
    if (listed) {
      out.push({
        pointer,
        rule: "undocumented-enum-value",
        message: `is ${JSON.stringify(value)}, a value the spec does not list (it lists ${listed.join(", ")})`,
        sample: sampleText(value, false, redact),
      });
    }
    return;
  }
  const parts = objectParts(schemas, place, value, 0);
  const declared = new Set(
    parts.flatMap((part) => (isObject(part.node.properties) ? Object.keys(part.node.properties) : [])),
  );
  const freeForm =
    declared.size === 0 ||
    parts.some(
      (part) =>
        part.node.additionalProperties === false ||
        (isObject(part.node.additionalProperties) &&
          Object.keys(part.node.additionalProperties).length > 0) ||
        isObject(part.node.patternProperties),
    );
  for (const [name, field] of Object.entries(value)) {
    const childTokens = [...tokens, name];
    if (!declared.has(name)) {
      if (freeForm || out.length >= MAX_UNDOCUMENTED) continue;
      out.push({
        pointer: `${pointer}/${name.replace(/~/g, "~0").replace(/\//g, "~1")}`,
        rule: "undocumented-property",
        message: `is not in the spec (${typeInWords(jsonType(field))} the service sends)`,
        sample: sampleText(field, looksSecret(name), redact),
      });
      continue;
    }
    const child = schemas.child(place, name, value);
    if (child) walkUndocumented(schemas, child, field, prefix, childTokens, out, redact, depth + 1);
  }
}

/** The schemas that together describe an object: the schema, its `allOf` parts and the `oneOf`/`anyOf` branch it takes. */
function objectParts(schemas: SpecSchemas, place: SchemaPlace, value: unknown, depth: number): SchemaPlace[] {
  if (depth > 8) return [place];
  const parts = [place];
  const allOf = place.node.allOf;
  if (Array.isArray(allOf)) {
    allOf.forEach((_branch, index) => {
      const branch = schemas.place(`${place.pointer}/allOf/${index}`);
      if (branch) parts.push(...objectParts(schemas, branch, value, depth + 1));
    });
  }
  for (const keyword of ["oneOf", "anyOf"] as const) {
    const index = schemas.branchIndex(place, keyword, value);
    const branch = index === undefined ? undefined : schemas.place(`${place.pointer}/${keyword}/${index}`);
    if (branch) parts.push(...objectParts(schemas, branch, value, depth + 1));
  }
  return parts;
}

/** The values an open enum lists (`anyOf: [{enum: […]}, {type: string}]`), when the value is not one of them. */
function openEnum(schemas: SpecSchemas, place: SchemaPlace, value: unknown): string[] | undefined {
  for (const keyword of ["anyOf", "oneOf"] as const) {
    const branches = place.node[keyword];
    if (!Array.isArray(branches)) continue;
    const resolved = branches
      .map((_branch, index) => schemas.place(`${place.pointer}/${keyword}/${index}`))
      .filter((branch): branch is SchemaPlace => branch !== undefined);
    const listing = resolved.find((branch) => Array.isArray(branch.node.enum));
    const open = resolved.some(
      (branch) =>
        !Array.isArray(branch.node.enum) &&
        !("const" in branch.node) &&
        schemaTypes(branch.node).includes(jsonType(value)),
    );
    const values = listing?.node.enum as unknown[] | undefined;
    if (values && open && !values.includes(value)) return values.map((one) => JSON.stringify(one));
  }
  return undefined;
}

function isSecret(tokens: readonly string[], place: SchemaPlace | undefined): boolean {
  const name = tokens.at(-1);
  return (
    (name !== undefined && looksSecret(name)) ||
    (place?.node as Loose | undefined)?.["x-secret"] === true ||
    // OpenAPI's own word for a secret string, which Swagger UI and Redoc mask too.
    (place?.node as Loose | undefined)?.format === "password"
  );
}

/** A JSON pointer's tokens, unescaped. */
export function tokensOf(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer
    .split("/")
    .slice(1)
    .map((token) => token.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/** The value at a path of tokens, and whether it is there at all. */
export function valueAt(value: unknown, tokens: readonly string[]): { found: boolean; value?: unknown } {
  let current = value;
  for (const token of tokens) {
    if (current === null || typeof current !== "object" || !Object.hasOwn(current, token))
      return { found: false };
    current = (current as Loose)[token];
  }
  return { found: true, value: current };
}
