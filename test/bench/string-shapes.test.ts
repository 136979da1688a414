import { describe, expect, it } from "vitest";
import {
  LONGEST_RECORDED,
  NOT_PLAIN_HEX,
  NOT_PREFIXED_HEX,
  stringShapesByLength,
} from "../../bench/lib/string-shapes-by-length.js";
import { stringShapesBySimd } from "../../bench/lib/string-shapes-simd.js";

const encoder = new TextEncoder();
const PLAIN = /^[0-9a-fA-F]*$/;
const PREFIXED = /^0x[0-9a-fA-F]*$/;
const HASH = `0x${"ab".repeat(32)}`;

/** Every string of a parsed value, keys included. */
function stringsOf(value: unknown, found: string[] = []): string[] {
  if (typeof value === "string") found.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsOf(item, found);
  else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      found.push(key);
      stringsOf(item, found);
    }
  }
  return found;
}

/**
 * What a validator may rely on: when a pass says every string of a length has a shape, every parsed
 * string of that length has it. A pass that settles a length wrongly would let a malformed hex string
 * through.
 */
function expectSound(text: string, pass: (bytes: Uint8Array) => Uint8Array): void {
  const shapes = pass(encoder.encode(text));
  for (const string of stringsOf(JSON.parse(text))) {
    const notShapes = string.length <= LONGEST_RECORDED ? (shapes[string.length] as number) : 3;
    if ((notShapes & NOT_PLAIN_HEX) === 0) expect(string, text).toMatch(PLAIN);
    if ((notShapes & NOT_PREFIXED_HEX) === 0) expect(string, text).toMatch(PREFIXED);
  }
}

const HOSTILE = [
  // a malformed hash beside valid ones of the same length, the bad digit in every position
  ...Array.from({ length: 66 }, (_, at) =>
    JSON.stringify({ good: HASH, bad: `${HASH.slice(0, at)}g${HASH.slice(at + 1)}` }),
  ),
  JSON.stringify([HASH, HASH.toUpperCase(), `0X${HASH.slice(2)}`]),
  // escapes that decode to hex digits, or to a quote
  `["${HASH}", "\\u0030x${"ab".repeat(32)}", "0x${"ab".repeat(31)}a\\u0062"]`,
  `["0x12", "0\\"12", "\\\\x12"]`,
  // non-ASCII: the same decoded length as a hash, in fewer or more bytes
  JSON.stringify([HASH, `0x${"é".repeat(64)}`, `0x${"ab".repeat(31)}😀`]),
  JSON.stringify(["abcd", "ab€d", "€€€€", "😀😀"]),
  // integer-like keys, whose order JSON.parse changes
  JSON.stringify({ "2": "0xzz", "1": "0x00", b: "0x11" }),
  // a long string holding a non-ASCII character that may decode to a recorded length
  JSON.stringify([`0x${"a".repeat(60)}`, `${"€".repeat(5000)}`]),
  JSON.stringify({ [HASH]: "key of a hash's length", value: HASH }),
];

describe("string shapes by length (bench prototypes of the digit check off the string path)", () => {
  for (const [name, pass] of [
    ["JavaScript pass", stringShapesByLength],
    ["WebAssembly SIMD pass", stringShapesBySimd],
  ] as const) {
    it(`${name}: never settles a length that holds a malformed string`, () => {
      for (const text of HOSTILE) expectSound(text, pass);
    });

    it(`${name}: settles the lengths where every string is hex`, () => {
      const shapes = pass(encoder.encode(JSON.stringify({ h: [HASH, HASH], t: "0011aa" })));
      expect(shapes[66]).toBe(NOT_PLAIN_HEX);
      expect(shapes[6]).toBe(NOT_PREFIXED_HEX);
    });

    it(`${name}: stays sound on random strings of hex, near-hex and escaped text`, () => {
      const alphabet = ["0", "9", "a", "F", "x", "g", "G", " ", "\\u0041", "\\n", '\\"', "é", "😀"];
      let seed = 7;
      const random = (below: number) => {
        seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
        return seed % below;
      };
      for (let round = 0; round < 300; round++) {
        const strings = Array.from({ length: 1 + random(12) }, () => {
          const prefix = random(2) === 0 ? "0x" : "";
          const body = Array.from({ length: random(20) }, () => alphabet[random(alphabet.length)]).join("");
          return `"${prefix}${body}"`;
        });
        expectSound(`[${strings.join(",")}]`, pass);
      }
    });
  }

  it("the SIMD pass finds what the JavaScript pass finds", () => {
    for (const text of HOSTILE) {
      const bytes = encoder.encode(text);
      expect([...stringShapesBySimd(bytes)], text).toEqual([...stringShapesByLength(bytes)]);
    }
  });
});
