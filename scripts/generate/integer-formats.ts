import type { CodeKeywordDefinition, KeywordCxt } from "ajv";
import { _, type Code } from "ajv/dist/compile/codegen/index.js";
import {
  INTEGER_FORMAT_KEYWORD,
  integerFormat,
  integerRange,
} from "../../src/runtime/json/integer-format.js";
import type { JsonObject } from "./json.js";

/** How a wide integer travels once the lossless parser has read it: an integer or a decimal string. */
const DECIMAL_PATTERN = "^-?[0-9]+$";

/**
 * Prepares a schema whose `format` names a wide integer (`int64`, `uint120`, … see
 * `src/runtime/json/integer-format.ts`) for ajv: it accepts a JSON integer or a decimal string,
 * the two forms the lossless parser produces (and the runtime sends for `bigint`s), whatever the
 * spec's `type` says, and gets the {@link integerFormatKeyword} that holds the value to the
 * format's range. Any other schema is returned as it is.
 */
export function withIntegerFormat(node: JsonObject): JsonObject {
  if (integerFormat(node.format) === undefined) return node;
  const types = node.type === undefined ? undefined : Array.isArray(node.type) ? node.type : [node.type];
  const checked: JsonObject = { ...node, [INTEGER_FORMAT_KEYWORD]: node.format as string };
  if (types === undefined || !types.includes("integer")) return checked;
  const widened: JsonObject = { ...checked, pattern: node.pattern ?? DECIMAL_PATTERN };
  if (!types.includes("string")) widened.type = [...types, "string"];
  return widened;
}

/**
 * The ajv keyword that holds a wide integer to its format's range, each field to its own width: a
 * decimal string (or, for an unsigned format, a negative number) outside it is one issue whose params
 * name the format, which the runtime words (`must be an unsigned integer below 2^120`). Other values
 * are left to the other keywords (a number always fits: formats are wider than 53 bits; an unsafe one
 * is the runtime's to refuse).
 */
export const integerFormatKeyword: CodeKeywordDefinition = {
  keyword: INTEGER_FORMAT_KEYWORD,
  schemaType: "string",
  code(cxt: KeywordCxt) {
    const { gen, data } = cxt;
    const format = integerFormat(cxt.schema);
    if (format === undefined) throw new Error(`${String(cxt.schema)} is not a wide integer format`);
    const { min, max } = integerRange(format);
    // Module-level constants: the pattern and both bounds are made once, not on every check.
    const decimal = gen.scopeValue("pattern", {
      key: DECIMAL_PATTERN,
      ref: new RegExp(DECIMAL_PATTERN),
      code: _`new RegExp(${DECIMAL_PATTERN})`,
    });
    const bound = (value: bigint) =>
      gen.scopeValue("obj", { key: value, ref: value, code: _`BigInt(${String(value)})` });
    const [lowest, highest] = [bound(min), bound(max)];
    gen.if(
      _`typeof ${data} == "string" && ${decimal}.test(${data})`,
      () => {
        const value = gen.const("integer", _`BigInt(${data})`);
        cxt.fail(_`${value} < ${lowest} || ${value} > ${highest}`);
      },
      // A number always fits a signed format (all are wider than 53 bits), not a negative an unsigned one.
      format.signed ? undefined : () => cxt.fail(_`typeof ${data} == "number" && ${data} < 0`),
    );
  },
  error: {
    message: "is outside the range of its integer format",
    params: ({ schema }): Code => _`{format: ${schema}}`,
  },
};
