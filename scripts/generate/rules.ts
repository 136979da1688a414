import type { CodeKeywordDefinition, KeywordCxt } from "ajv";
import { _, type Code } from "ajv/dist/compile/codegen/index.js";
import { isObject, type Json, type JsonObject } from "./json.js";
import { childPointer } from "./json-pointer.js";
import { walkSchema } from "./schema-walk.js";
import { SpecError } from "./spec-error.js";

/**
 * The spec extension that says what a conditional rule means, so that its error is that sentence
 * and not validator jargon. It sits on a schema next to the `if` and `then` it explains:
 *
 * ```yaml
 * allOf:
 *   - if: { required: [provider], properties: { provider: { const: gcloud } } }
 *     then: { properties: { region: { enum: [asia-southeast1] } } }
 *     x-rule:
 *       field: region
 *       message: "{region} is not served by provider {provider}; it serves asia-southeast1"
 * ```
 *
 * - `message` (required) is read after the field's pointer, like every validation message
 *   (`/body/region us-east-1 is not served by provider gcloud; it serves asia-southeast1`). Each
 *   `{name}` in it is replaced by the value of the property `name` of the object the rule sits on.
 * - `field` (optional) names the property the error points at; without it, the object itself.
 *
 * When the `if` holds and the `then` does not, the value gets this one issue instead of the
 * `then`'s own; `else` is not allowed next to a rule.
 */
export const RULE_EXTENSION = "x-rule";

/**
 * Checks every `x-rule` in the spec: an object with a non-empty `message` and an optional `field`,
 * on a schema that has an `if` and a `then` and no `else`.
 *
 * @throws {SpecError} At the first misplaced or malformed rule.
 */
export function checkRules(file: string, sites: readonly { schema: Json; pointer: string }[]): void {
  for (const site of sites) {
    walkSchema(site.schema, site.pointer, ({ schema, pointer }) => {
      const rule = schema[RULE_EXTENSION];
      if (rule === undefined) return;
      const at = childPointer(pointer, RULE_EXTENSION);
      if (!isObject(rule) || Object.keys(rule).some((key) => key !== "message" && key !== "field")) {
        throw new SpecError(file, at, "must be an object with a message and an optional field");
      }
      if (typeof rule.message !== "string" || rule.message.trim() === "") {
        throw new SpecError(file, childPointer(at, "message"), "must be a non-empty string");
      }
      if (rule.field !== undefined && (typeof rule.field !== "string" || rule.field === "")) {
        throw new SpecError(file, childPointer(at, "field"), "must be a property name");
      }
      if (schema.if === undefined || schema.then === undefined || schema.else !== undefined) {
        throw new SpecError(file, at, "belongs next to an if and a then (and no else)");
      }
    });
  }
}

/**
 * Moves a rule's `if` and `then` under the `x-rule` keyword, which checks them (see
 * {@link ruleKeyword}); a schema without a rule is returned as it is.
 */
export function withRuleKeyword(node: JsonObject): JsonObject {
  const rule = node[RULE_EXTENSION];
  if (!isObject(rule)) return node;
  const { if: condition, then: consequence, [RULE_EXTENSION]: _rule, ...rest } = node;
  // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword here, not a thenable.
  return { ...rest, [RULE_EXTENSION]: { ...rule, if: condition ?? true, then: consequence ?? true } };
}

/**
 * The ajv keyword behind `x-rule`: when the rule's `if` holds and its `then` does not, one issue
 * (keyword `x-rule`) whose params carry the rule's field and message and the object, from which the
 * runtime fills the message's `{name}` placeholders (`src/runtime/validation/field-issues.ts`).
 */
export const ruleKeyword: CodeKeywordDefinition = {
  keyword: RULE_EXTENSION,
  schemaType: "object",
  trackErrors: true,
  code(cxt: KeywordCxt) {
    const { gen } = cxt;
    // Neither clause records issues of its own: only whether it holds counts.
    const quietly = {
      keyword: RULE_EXTENSION,
      compositeRule: true,
      createErrors: false,
      allErrors: false,
    } as const;
    const applies = gen.name("ruleApplies");
    cxt.subschema({ ...quietly, schemaProp: "if" }, applies);
    const holds = gen.let("ruleHolds", true);
    gen.if(applies, () => {
      const consequence = gen.name("ruleThen");
      cxt.subschema({ ...quietly, schemaProp: "then" }, consequence);
      gen.assign(holds, consequence);
    });
    // The clauses count the issues they did not record; take those back.
    cxt.reset();
    cxt.pass(holds);
  },
  error: {
    message: "breaks a rule of the spec",
    params: ({ schema, data }): Code => {
      const rule = schema as { field?: string; message: string };
      return rule.field === undefined
        ? _`{message: ${rule.message}, data: ${data}}`
        : _`{field: ${rule.field}, message: ${rule.message}, data: ${data}}`;
    },
  },
};
