/**
 * The regular-expression engine of the generated validators (ajv's `code.regExp` option).
 *
 * Most strings a validator checks are hex (hashes, addresses, quantities, call data): a block's are
 * most of its bytes, so checking them costs about as much as parsing the block. `^0x[0-9a-fA-F]{64}$`
 * takes V8 about twice as long as a length check followed by `^0x[0-9a-fA-F]*$`, and a RegExp call
 * costs about as much as checking 20 digits. So the engine recognises the hex shapes below by their
 * exact source and answers them with a length check plus a digit check chosen by length: short
 * strings (addresses, quantities) by a loop over their characters, four at a time; hashes, signatures,
 * TRON's raw transactions and other strings up to 1,024 characters by one shared `^0x[0-9a-fA-F]*$`
 * (copying them out costs more than it saves); long ones (call data, blooms) copied by
 * `TextEncoder.encodeInto` into a byte buffer and read four digits at a time from a table of valid
 * pairs (any non-ASCII character makes the copy longer than the string). On Node 20.20 the copy
 * overtakes the RegExp between 800 and 1,200 characters and reads 4 KB about 15% faster; at 270 to
 * 422 characters (TRON's `raw_data_hex`) it was 20–40% slower. The copy is only that fast once V8
 * has compiled it: a process's first 64K characters of long strings go to the RegExp, which cut the
 * first validation of a 58-transaction block from 7.9 to 5.3 ms. Every other pattern is a plain
 * `RegExp`. `$` without the `m` flag only matches at the end of the input,
 * so each rewrite accepts exactly the strings its pattern accepts.
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
 * ajv's pattern engine here: [0-9a-fA-F]{N}, {1,N}, + or * and (?:[0-9a-fA-F]{2})* between ^ and $,
 * after 0x or without it, become a length check plus a digit check (a loop, a RegExp or a copy, by length); other
 * patterns stay RegExps.
 */
function ${HEX_PATTERN_ENGINE}(source, flags) {
  const shape = /^\\^(?<prefix>0x)?(?:\\[0-9a-fA-F\\](?:\\{(?<exact>\\d+)\\}|\\{1,(?<upTo>\\d+)\\}|\\+|(?<any>\\*))|(?<evenBytes>\\(\\?:\\[0-9a-fA-F\\]\\{2\\}\\)\\*))\\$$/.exec(source);
  if (shape === null) return new RegExp(source, flags);
  const { prefix, exact, upTo, any, evenBytes } = shape.groups;
  const minDigits = exact !== undefined ? Number(exact) : evenBytes !== undefined || any !== undefined ? 0 : 1;
  const maxDigits = exact !== undefined ? Number(exact) : upTo !== undefined ? Number(upTo) : Infinity;
  const start = prefix === undefined ? 0 : 2;
  return new HexPattern(source, start, minDigits + start, maxDigits + start, evenBytes !== undefined);
}
/** Up to this length (an address is 42) reading the characters is fastest. */
const HEX_LOOP_LENGTH = 48;
/**
 * Up to this length the shared RegExp is faster than copying: encodeInto costs about as much as
 * reading a few hundred digits before it copies one (measured crossover: 800 to 1,200 characters).
 */
const HEX_REGEXP_LENGTH = 1024;
/** Beyond this length the RegExp checks the digits again (no buffer that large is kept). */
const HEX_BUFFER_LIMIT = 1 << 20;
/**
 * Long strings go to the RegExp until it has read this many characters: run cold, the copy (its
 * table, encodeInto, its loop before V8 compiles it) costs more than the RegExp it replaces.
 */
const HEX_COPY_AFTER = 1 << 16;
let hexReadByRegExp = 0;
const HEX_DIGIT_CODES = "0123456789abcdefABCDEF";
const HEX_DIGITS = /^[0-9a-fA-F]*$/;
const HEX_DIGITS_AFTER_0X = /^0x[0-9a-fA-F]*$/;
/** 1 for each character code that is a hex digit. */
const hexDigit = new Uint8Array(128);
for (const digit of HEX_DIGIT_CODES) hexDigit[digit.charCodeAt(0)] = 1;
/** 1 for each UTF-16 code unit that is not one: a lookup per character, no range test. */
const notHexDigit = new Uint8Array(65536).fill(1);
for (const digit of HEX_DIGIT_CODES) notHexDigit[digit.charCodeAt(0)] = 0;
let hexPairs;
let hexBytes;
let hexQuads;
let hexEncoder;
/** Whether a short text holds hex digits only from index start on, read character by character. */
function hexDigitsRead(text, start) {
  const length = text.length;
  let invalid = 0;
  let index = start;
  for (; index + 3 < length; index += 4) {
    invalid |= notHexDigit[text.charCodeAt(index)] | notHexDigit[text.charCodeAt(index + 1)] |
      notHexDigit[text.charCodeAt(index + 2)] | notHexDigit[text.charCodeAt(index + 3)];
  }
  for (; index < length; index++) invalid |= notHexDigit[text.charCodeAt(index)];
  return invalid === 0;
}
/** Whether a long text holds hex digits only from index start on, copied out as bytes and read four at a time. */
function hexDigitsCopied(text, start) {
  const length = text.length;
  if (hexBytes === undefined || hexBytes.length < length) {
    if (hexPairs === undefined) {
      // Two digits read as one 16-bit number, in either byte order: both must be hex digits. Only the
      // 484 valid pairs are set, a 34th of the loop over every pair of ASCII codes.
      hexPairs = new Uint8Array(65536);
      for (let first = 0; first < HEX_DIGIT_CODES.length; first++)
        for (let second = 0; second < HEX_DIGIT_CODES.length; second++)
          hexPairs[HEX_DIGIT_CODES.charCodeAt(first) | (HEX_DIGIT_CODES.charCodeAt(second) << 8)] = 1;
      hexEncoder = new TextEncoder();
    }
    let size = 4096;
    while (size < length) size *= 2;
    hexBytes = new Uint8Array(size);
    hexQuads = new Uint32Array(hexBytes.buffer);
  }
  const { read, written } = hexEncoder.encodeInto(text, hexBytes);
  if (read !== length || written !== length) return false;
  // Four digits at a time (in either byte order) from the first multiple of four; those before it and the last few stand alone.
  let valid = 1;
  let index = start;
  for (; (index & 3) !== 0 && index < length; index++) valid &= hexDigit[hexBytes[index]];
  const quads = length >> 2;
  for (let quad = index >> 2; quad < quads; quad++) {
    const four = hexQuads[quad];
    valid &= hexPairs[four & 0xffff] & hexPairs[four >>> 16];
  }
  for (index = Math.max(index, quads * 4); index < length; index++) valid &= hexDigit[hexBytes[index]];
  return valid === 1;
}
/** Whether long strings still go to the RegExp (see HEX_COPY_AFTER); counts this one if so. */
function copyStillCold(length) {
  if (hexReadByRegExp >= HEX_COPY_AFTER) return false;
  hexReadByRegExp += length;
  return true;
}
class HexPattern {
  constructor(source, start, minLength, maxLength, evenLength) {
    this.source = source;
    this.start = start;
    this.digits = start === 0 ? HEX_DIGITS : HEX_DIGITS_AFTER_0X;
    this.minLength = minLength;
    this.maxLength = maxLength;
    this.oddMask = evenLength ? 1 : 0;
  }
  test(text) {
    const length = text.length;
    if (length < this.minLength || length > this.maxLength || (length & this.oddMask) !== 0) return false;
    if (length > HEX_LOOP_LENGTH && (length <= HEX_REGEXP_LENGTH || length > HEX_BUFFER_LIMIT || copyStillCold(length)))
      return this.digits.test(text);
    if (this.start === 2 && (text.charCodeAt(0) !== 48 || text.charCodeAt(1) !== 120)) return false;
    return length <= HEX_LOOP_LENGTH ? hexDigitsRead(text, this.start) : hexDigitsCopied(text, this.start);
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
