import { integerFormat } from "../../src/runtime/json/integer-format.js";
import { isObject, type Json, type JsonObject } from "./json.js";
import { refPointer, valueAt } from "./json-pointer.js";

/** The spec extension that marks a string as a secret (a key, token or password). */
export const SECRET_EXTENSION = "x-secret";

/**
 * Whether a schema says its string is a secret: `x-secret: true`, or OpenAPI's `format: password`
 * (which Swagger UI and Redoc already mask), so a spec that never heard of chainkit is kept safe too.
 *
 * @example isSecretSchema({ type: "string", format: "password" }) // true
 */
export function isSecretSchema(schema: JsonObject): boolean {
  return schema[SECRET_EXTENSION] === true || schema.format === "password";
}

/**
 * Finds where wide integers (`format: int64`, `uint120`, … see `integerFormat`) sit in data described
 * by `schema` (see {@link findFieldPaths}): the fields the runtime reads as `bigint`s.
 *
 * @returns Key paths, deduplicated and sorted; `[[]]` when the value itself is one.
 */
export function findInt64Paths(doc: Json, schema: Json): string[][] {
  return findFieldPaths(doc, schema, (node) => integerFormat(node.format) !== undefined);
}

/**
 * Finds where secrets (`x-secret: true`, `format: password`) sit in data described by `schema` (see {@link findFieldPaths}).
 *
 * @returns Key paths, deduplicated and sorted.
 */
export function findSecretPaths(doc: Json, schema: Json): string[][] {
  return findFieldPaths(doc, schema, isSecretSchema);
}

/**
 * Where int64 and secret fields sit in data described by `schema`, each kind only when it has any:
 * what the runtime converts to `bigint` and wraps in `Secret` after validation.
 *
 * @returns `{ int64?, secrets? }` (see {@link findInt64Paths} and {@link findSecretPaths}); `{}` without a schema.
 */
export function fieldPositions(
  doc: Json,
  schema: Json | undefined,
): { int64?: string[][]; secrets?: string[][] } {
  if (schema === undefined) return {};
  const int64 = findInt64Paths(doc, schema);
  const secrets = findSecretPaths(doc, schema);
  return { ...(int64.length > 0 && { int64 }), ...(secrets.length > 0 && { secrets }) };
}

/**
 * Finds where values whose schema `marks` sit in data described by `schema`, following `$ref`,
 * `allOf`, `anyOf`, `oneOf`, `items`, `prefixItems`, `properties`, `additionalProperties` and
 * `patternProperties`. Array elements and map values are written `"*"`. Recursive schemas are
 * followed once per branch.
 *
 * @param doc - The spec the schema's `$ref`s point into.
 * @param schema - The schema of the value.
 * @param marks - Whether a (sub)schema marks its value.
 * @returns Key paths, deduplicated and sorted; `[[]]` when the value itself is marked.
 */
function findFieldPaths(doc: Json, schema: Json, marks: (node: JsonObject) => boolean): string[][] {
  const found = new Map<string, string[]>();
  // Each $ref target walked at a path, with the refs on the stack then: a later walk of it at the
  // same path under at least those refs finds nothing new (a diamond of allOf branches, a component
  // named by several properties' items), so it is skipped and the walk stays linear in such specs.
  const walked = new Map<string, ReadonlySet<string>[]>();
  let visits = 0;
  visit(schema, [], new Set(), "");
  return [...found.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, path]) => path);

  function visit(node: Json | undefined, path: string[], refsOnStack: ReadonlySet<string>, at: string): void {
    if (!isObject(node)) return;
    visits += 1;
    if (visits > MAX_FIELD_PATH_VISITS) throw new FieldPathsLimitError(at);
    if (typeof node.$ref === "string") {
      const target = refPointer(node.$ref);
      if (target !== undefined && !refsOnStack.has(target) && !walkedAlready(target, path, refsOnStack)) {
        visit(valueAt(doc, target), path, new Set([...refsOnStack, target]), target);
      }
    }
    if (marks(node)) found.set(JSON.stringify(path), path);
    for (const keyword of ["allOf", "anyOf", "oneOf"]) {
      const list = node[keyword];
      if (Array.isArray(list)) for (const branch of list) visit(branch, path, refsOnStack, at);
    }
    if (node.items !== undefined) visit(node.items, [...path, "*"], refsOnStack, at);
    if (Array.isArray(node.prefixItems)) {
      for (const [index, item] of node.prefixItems.entries())
        visit(item, [...path, String(index)], refsOnStack, at);
    }
    if (isObject(node.properties)) {
      for (const [name, child] of Object.entries(node.properties))
        visit(child, [...path, name], refsOnStack, at);
    }
    if (isObject(node.additionalProperties))
      visit(node.additionalProperties, [...path, "*"], refsOnStack, at);
    if (isObject(node.patternProperties)) {
      for (const child of Object.values(node.patternProperties))
        visit(child, [...path, "*"], refsOnStack, at);
    }
  }

  function walkedAlready(target: string, path: string[], refsOnStack: ReadonlySet<string>): boolean {
    const key = `${target}\0${JSON.stringify(path)}`;
    const earlier = walked.get(key);
    if (earlier?.some((stack) => [...stack].every((ref) => refsOnStack.has(ref)))) return true;
    if (earlier) earlier.push(refsOnStack);
    else walked.set(key, [refsOnStack]);
    return false;
  }
}

/**
 * The most schemas one search for int64 or secret fields walks. Each distinct path to a field is
 * walked, and a spec whose schemas name each other several times over, level after level, has more
 * paths than the machine can walk (three properties naming the next of 40 schemas: 3^40); real
 * specs walk a few thousand.
 */
const MAX_FIELD_PATH_VISITS = 200_000;

/** A search for fields that ran past {@link MAX_FIELD_PATH_VISITS}, at the `$ref` target it was in. */
export class FieldPathsLimitError extends Error {
  override readonly name = "FieldPathsLimitError";
  readonly problem: string;

  constructor(readonly pointer: string) {
    const problem = `the schemas reached from here name each other so many times over, level after level, that the data they describe has more than ${MAX_FIELD_PATH_VISITS.toLocaleString("en-US")} distinct places to check for int64 and secret fields; chainkit finds those places before writing the client, so name each shared schema once per level (an array of it, or one property), or cut the depth`;
    super(problem);
    this.problem = problem;
  }
}
