/**
 * The string length `minLength` and `maxLength` count, in code points (a surrogate pair is one
 * character). ajv's code reads it from `ajv/dist/runtime/ucs2length`, a CommonJS module: one such
 * module in an app makes the bundler add its CommonJS interop code to a chunk that loads up front
 * (0.25 KB gzip of the exchange app's). The generated code calls this helper instead, written once
 * in each surface's `components/helpers.js`, which counts the same way.
 */

/** Name of the helper in the generated code. */
export const CODE_POINT_LENGTH = "codePointLength";

/** JavaScript source of the helper. */
export const CODE_POINT_LENGTH_SOURCE = `/** The length of text in code points: a high surrogate followed by a low one counts once, a lone one once. */
function ${CODE_POINT_LENGTH}(text) {
  let length = text.length;
  for (let index = 0; index < text.length - 1; index++) {
    const unit = text.charCodeAt(index);
    if (unit >= 0xd800 && unit <= 0xdbff && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00) {
      length--;
      index++;
    }
  }
  return length;
}`;

/** How ajv binds its own counter: `const func3 = require("ajv/dist/runtime/ucs2length").default;`. */
const AJV_COUNTER = /require\("ajv\/dist\/runtime\/ucs2length"\)\.default/g;

/**
 * The code with ajv's counter bound to {@link CODE_POINT_LENGTH} instead
 * (`const func3 = codePointLength;`), which the module then imports from its helpers.
 *
 * @param code - A validators module or chunk as ajv's standalone code writes it.
 * @example
 * withOwnCodePointLength('const func3 = require("ajv/dist/runtime/ucs2length").default;');
 * // "const func3 = codePointLength;"
 */
export function withOwnCodePointLength(code: string): string {
  return code.replace(AJV_COUNTER, CODE_POINT_LENGTH);
}
