import type { CodeKeywordDefinition } from "ajv";
import type { Ajv2020 } from "ajv/dist/2020.js";
import { _, getProperty, not } from "ajv/dist/compile/codegen/index.js";
import { alwaysValidSchema } from "ajv/dist/compile/util.js";
import type { KeywordCxt } from "ajv/dist/compile/validate/index.js";
import { validateUnion } from "ajv/dist/vocabularies/code.js";
import { isObject, type Json } from "./json.js";

/**
 * A faster `anyOf` for valid data, with the same issues for invalid data.
 *
 * ajv checks an `anyOf`'s branches in order, each collecting all its issues (`allErrors`), until
 * one passes: a type-2 transaction is first checked as a legacy one, and a block's full
 * transactions as a list of hashes (58 issues, one per transaction, made and dropped). So the
 * branches are first tried without recording issues, each stopping at its first failure, and
 * skipping a branch whose constant for a shared property (`type: { const: "0x2" }`) the value
 * contradicts. When one passes, so does the `anyOf`, whose issues it would have dropped anyway.
 * Only when none passes does ajv's own `anyOf` run, from the same error count, and record the same
 * issues as before. Either way the outcome is the `anyOf`'s: the first pass can only accept
 * data some branch accepts, so a tag read wrongly costs time, never a verdict.
 *
 * A union with fewer than two branches that check parts of the value (a nullable `$ref`) is left as
 * it is: a scalar branch fails with one issue, less than the code of a second try costs. But a null
 * skips any union with a `{ type: "null" }` branch, which it passes: that one issue, its path and
 * its list were made and dropped for every null of an optional field (a third of a validated
 * indexer page's garbage beyond `JSON.parse`). Schemas that track evaluated properties
 * (`unevaluatedProperties`) keep ajv's `anyOf`: which branch passed first would decide what counts
 * as evaluated.
 *
 * @param ajv - The instance to change (before it compiles anything with `anyOf`).
 * @param resolve - The schema a `$ref` names, to read a branch's tag through references.
 * @example
 * firstMatchAnyOf(ajv, (ref) => definitions[ref]);
 */
export function firstMatchAnyOf(ajv: Ajv2020, resolve: (ref: string) => Json | undefined): void {
  const rule = ajv.RULES.all.anyOf;
  const definition = typeof rule === "object" ? (rule.definition as CodeKeywordDefinition) : undefined;
  if (definition?.code === undefined) throw new Error("ajv has no anyOf rule to change");
  // The rule keeps its place among the keywords, so issues come in the same order.
  definition.code = (cxt: KeywordCxt) => {
    const { gen, schema, data, it } = cxt;
    // A null passes an anyOf that has a `{ type: "null" }` branch, whatever the others say: checking
    // them first made and dropped their issues for every null (a nullable $ref of an optional field).
    if (Array.isArray(schema) && !it.opts.unevaluated && schema.some(isNullBranch)) {
      gen.if(_`${data} !== null`, () => checkUnion(cxt));
    } else checkUnion(cxt);
  };
  const checkUnion = (cxt: KeywordCxt) => {
    const { gen, schema, data, it } = cxt;
    if (
      !Array.isArray(schema) ||
      schema.length < 2 ||
      it.opts.unevaluated ||
      schema.some((branch: Json) => alwaysValidSchema(it, branch as boolean))
    ) {
      validateUnion(cxt);
      return;
    }
    const tags = branchTags(schema as Json[], resolve);
    // A failing branch that checks one scalar costs one issue: unless two branches check parts (and
    // the first can fail with many issues before the second passes), a second try only adds code.
    if (
      tags === undefined &&
      (schema as Json[]).filter((branch) => checksParts(branch, resolve)).length < 2
    ) {
      validateUnion(cxt);
      return;
    }
    const tag =
      tags === undefined
        ? undefined
        : gen.const(
            "tag",
            _`${data} && typeof ${data} == "object" && !Array.isArray(${data}) ? ${data}${getProperty(tags.property)} : undefined`,
          );
    const matched = gen.let("matched", false);
    const branchValid = gen.name("_valid");
    gen.block(() => {
      (schema as Json[]).forEach((_branch, index) => {
        const trial = () => {
          cxt.subschema(
            {
              keyword: "anyOf",
              schemaProp: index,
              compositeRule: true,
              createErrors: false,
              allErrors: false,
            },
            branchValid,
          );
          gen.assign(matched, _`${matched} || ${branchValid}`);
        };
        const value = tags?.values[index];
        if (tag === undefined || value === undefined) trial();
        else gen.if(_`${tag} === undefined || ${tag} === ${value}`, trial);
        gen.if(not(matched));
      });
    });
    gen.if(
      matched,
      () => cxt.reset(),
      () => {
        cxt.reset();
        validateUnion(cxt);
      },
    );
  };
}

type Tag = string | number | boolean | null;

/** Keywords that only annotate: a branch of `type: "null"` with these alone accepts exactly null. */
const ANNOTATIONS = new Set(["type", "title", "description", "$comment", "examples"]);

/** Whether a branch is `{ type: "null" }`, annotations aside. */
function isNullBranch(branch: Json): boolean {
  return (
    isObject(branch) && branch.type === "null" && Object.keys(branch).every((key) => ANNOTATIONS.has(key))
  );
}

/** Keywords that check the parts of a value or other schemas: a branch with one can fail with many issues. */
const PART_KEYWORDS = [
  "properties",
  "patternProperties",
  "additionalProperties",
  "items",
  "prefixItems",
  "contains",
  "allOf",
  "anyOf",
  "oneOf",
  "not",
  "if",
  "dependentSchemas",
  "propertyNames",
];

/** Whether a branch checks more than the value itself (looking through `$ref`s). */
function checksParts(branch: Json, resolve: (ref: string) => Json | undefined, depth = 0): boolean {
  if (!isObject(branch) || depth > MAX_DEPTH) return false;
  if (PART_KEYWORDS.some((keyword) => keyword in branch)) return true;
  const target = typeof branch.$ref === "string" ? resolve(branch.$ref) : undefined;
  return target !== undefined && checksParts(target, resolve, depth + 1);
}

/**
 * The property most branches give a constant (at least two), and each branch's constant there.
 * A branch's constant is read from its `properties`, through `$ref`s and `allOf`.
 */
function branchTags(
  branches: readonly Json[],
  resolve: (ref: string) => Json | undefined,
): { property: string; values: (Tag | undefined)[] } | undefined {
  const perBranch = branches.map((branch) => constants(branch, resolve, 0));
  const counts = new Map<string, number>();
  for (const found of perBranch)
    for (const name of found.keys()) counts.set(name, (counts.get(name) ?? 0) + 1);
  let property: string | undefined;
  for (const [name, count] of counts) {
    if (count >= 2 && (property === undefined || count > (counts.get(property) ?? 0))) property = name;
  }
  if (property === undefined) return undefined;
  return { property, values: perBranch.map((found) => found.get(property)) };
}

/** How deep references and allOf are followed for a tag (a cycle or a deep chain gives up). */
const MAX_DEPTH = 8;

/** The constants a schema requires of its object's properties, where it says so plainly. */
function constants(
  schema: Json,
  resolve: (ref: string) => Json | undefined,
  depth: number,
): Map<string, Tag> {
  const found = new Map<string, Tag>();
  if (!isObject(schema) || depth > MAX_DEPTH) return found;
  const add = (more: Map<string, Tag>) => {
    for (const [name, value] of more) if (!found.has(name)) found.set(name, value);
  };
  if (isObject(schema.properties)) {
    for (const [name, property] of Object.entries(schema.properties)) {
      const value = constantOf(property, resolve, depth + 1);
      if (value !== undefined) found.set(name, value);
    }
  }
  if (typeof schema.$ref === "string") {
    const target = resolve(schema.$ref);
    if (target !== undefined) add(constants(target, resolve, depth + 1));
  }
  if (Array.isArray(schema.allOf)) for (const part of schema.allOf) add(constants(part, resolve, depth + 1));
  return found;
}

/** The one primitive value a schema allows (`const`, or a one-value `enum`), if it says so plainly. */
function constantOf(
  schema: Json,
  resolve: (ref: string) => Json | undefined,
  depth: number,
): Tag | undefined {
  if (!isObject(schema) || depth > MAX_DEPTH) return undefined;
  const primitive = (value: Json | undefined): Tag | undefined =>
    value === null || ["string", "number", "boolean"].includes(typeof value) ? (value as Tag) : undefined;
  if ("const" in schema) return primitive(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length === 1) return primitive(schema.enum[0]);
  if (typeof schema.$ref === "string") {
    const target = resolve(schema.$ref);
    if (target !== undefined) return constantOf(target, resolve, depth + 1);
  }
  if (Array.isArray(schema.allOf)) {
    for (const part of schema.allOf) {
      const value = constantOf(part, resolve, depth + 1);
      if (value !== undefined) return value;
    }
  }
  return undefined;
}
