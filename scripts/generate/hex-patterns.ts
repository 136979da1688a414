/**
 * The regular-expression engine of the generated validators (ajv's `code.regExp` option).
 *
 * Most strings a validator checks are hex (hashes, addresses, quantities, call data), and
 * `^0x[0-9a-fA-F]{64}$` takes V8 about twice as long as a length check followed by
 * `^0x[0-9a-fA-F]*$`, the one loop irregexp runs fastest. So the engine recognises the hex shapes
 * below by their exact source and answers them with a length check plus that loop; every other
 * pattern is a plain `RegExp`. `$` without the `m` flag only matches at the end of the input, so
 * each rewrite accepts exactly the strings its pattern accepts.
 *
 * The engine runs twice: here, while ajv compiles, and in each generated module that uses it,
 * which carries `HEX_PATTERN_SOURCE` verbatim (standalone code can neither `require` it nor build
 * it with `new Function`). It is kept as text so that both runs execute the same code and the output does
 * not depend on how the generator itself was transpiled.
 */

/** Name of the engine function in the generated code. */
export const HEX_PATTERN_ENGINE = "hexAwarePattern";

/** JavaScript source of the engine, emitted at the top of every validators module that uses hex patterns. */
export const HEX_PATTERN_SOURCE = `/**
 * ajv's pattern engine here: ^0x[0-9a-fA-F]{N}$, ^0x[0-9a-fA-F]{1,N}$, ^0x[0-9a-fA-F]+$ and
 * ^0x(?:[0-9a-fA-F]{2})*$ become a length check plus one shared RegExp; other patterns stay RegExps.
 */
function ${HEX_PATTERN_ENGINE}(source, flags) {
  const shape = /^\\^0x(?:\\[0-9a-fA-F\\](?:\\{(?<exact>\\d+)\\}|\\{1,(?<upTo>\\d+)\\}|\\+)|(?<evenBytes>\\(\\?:\\[0-9a-fA-F\\]\\{2\\}\\)\\*))\\$$/.exec(source);
  if (shape === null) return new RegExp(source, flags);
  const { exact, upTo, evenBytes } = shape.groups;
  const minDigits = exact !== undefined ? Number(exact) : evenBytes !== undefined ? 0 : 1;
  const maxDigits = exact !== undefined ? Number(exact) : upTo !== undefined ? Number(upTo) : Infinity;
  return new HexPattern(source, minDigits + 2, maxDigits + 2, evenBytes !== undefined);
}
const HEX_DIGITS = /^0x[0-9a-fA-F]*$/;
class HexPattern {
  constructor(source, minLength, maxLength, evenLength) {
    this.source = source;
    this.minLength = minLength;
    this.maxLength = maxLength;
    this.oddMask = evenLength ? 1 : 0;
  }
  test(text) {
    const length = text.length;
    return length >= this.minLength && length <= this.maxLength && (length & this.oddMask) === 0 && HEX_DIGITS.test(text);
  }
  toString() {
    return \`/\${this.source}/\`;
  }
}`;

/** The engine as a function, for ajv's compile step in the generator. */
export const hexAwarePattern = Object.assign(
  new Function(`${HEX_PATTERN_SOURCE}\nreturn ${HEX_PATTERN_ENGINE};`)() as (
    source: string,
    flags: string,
  ) => { test(text: string): boolean },
  { code: HEX_PATTERN_ENGINE },
);
