import type { CodeKeywordDefinition, KeywordCxt } from "ajv";
import { _, type Code, Name } from "ajv/dist/compile/codegen/index.js";
import {
  INTEGER_FORMAT_KEYWORD,
  integerFormat,
  integerRange,
} from "../../src/runtime/json/integer-format.js";
import type { JsonObject } from "./json.js";

/** How a wide integer travels once the lossless parser has read it: an integer or a decimal string. */
const DECIMAL_PATTERN = "^-?[0-9]+$";

/** Name of the range check in the generated code (bound by ajv as `const funcN = decimalOutside;`). */
export const DECIMAL_OUTSIDE = "decimalOutside";

/**
 * JavaScript source of the range check, emitted in the helpers module of each surface that uses
 * it. A decimal string is compared with the bounds digit by digit, as text: a `BigInt` per checked
 * field was most of what a validated indexer page allocated beyond `JSON.parse` (about 500 KB a
 * 1,000-transaction page), and every digit is still read.
 */
export const DECIMAL_OUTSIDE_SOURCE = `/** Whether the digits of text from start (no leading zero) make a number above those of limit from limitStart. */
function digitsAbove(text, start, limit, limitStart) {
  const digits = text.length - start;
  const limitDigits = limit.length - limitStart;
  if (digits !== limitDigits) return digits > limitDigits;
  for (let index = 0; index < digits; index++) {
    const digit = text.charCodeAt(start + index);
    const limitDigit = limit.charCodeAt(limitStart + index);
    if (digit !== limitDigit) return digit > limitDigit;
  }
  return false;
}

/** Whether a decimal string (^-?[0-9]+$) is below min or above max, both decimal strings without leading zeros. */
function ${DECIMAL_OUTSIDE}(text, min, max) {
  const negative = text.charCodeAt(0) === 45;
  let start = negative ? 1 : 0;
  while (start < text.length - 1 && text.charCodeAt(start) === 48) start++;
  // Zero (also "-0" and "000") is inside every format's range.
  if (start === text.length - 1 && text.charCodeAt(start) === 48) return false;
  if (!negative) return digitsAbove(text, start, max, 0);
  return min.charCodeAt(0) !== 45 || digitsAbove(text, start, min, 1);
}`;

/** The range check as a function, for ajv's compile step in the generator (the same source). */
const decimalOutside = Object.assign(
  new Function(`${DECIMAL_OUTSIDE_SOURCE}\nreturn ${DECIMAL_OUTSIDE};`)() as (
    text: string,
    min: string,
    max: string,
  ) => boolean,
  { code: DECIMAL_OUTSIDE },
);

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
    const outside = gen.scopeValue("func", {
      key: DECIMAL_OUTSIDE,
      ref: decimalOutside,
      code: new Name(DECIMAL_OUTSIDE),
    });
    gen.if(
      _`typeof ${data} == "string" && ${decimal}.test(${data})`,
      () => cxt.fail(_`${outside}(${data}, ${String(min)}, ${String(max)})`),
      // A number always fits a signed format (all are wider than 53 bits), not a negative an unsigned one.
      format.signed ? undefined : () => cxt.fail(_`typeof ${data} == "number" && ${data} < 0`),
    );
  },
  error: {
    message: "is outside the range of its integer format",
    params: ({ schema }): Code => _`{format: ${schema}}`,
  },
};
