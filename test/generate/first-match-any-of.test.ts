import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { firstMatchAnyOf } from "../../scripts/generate/first-match-any-of.js";
import type { Json } from "../../scripts/generate/json.js";

/** Transactions one schema per type, chosen by a constant `type`, as the EVM spec writes them. */
const DEFINITIONS: Record<string, Json> = {
  Hex: { type: "string", pattern: "^0x[0-9a-f]+$" },
  Fields: {
    type: "object",
    required: ["hash", "type"],
    properties: { hash: { $ref: "#/$defs/Hex" }, type: { type: "string" } },
  },
  Legacy: {
    required: ["gasPrice"],
    properties: { type: { const: "0x0" }, gasPrice: { $ref: "#/$defs/Hex" } },
  },
  Dynamic: {
    required: ["maxFee"],
    properties: { type: { enum: ["0x2"] }, maxFee: { $ref: "#/$defs/Hex" } },
    anyOf: [{ required: ["v"] }, { required: ["yParity"] }],
  },
  Typed: { allOf: [{ properties: { type: { $ref: "#/$defs/TypeOne" } } }], required: ["list"] },
  TypeOne: { const: "0x1" },
  Other: { properties: { type: { not: { enum: ["0x0", "0x1", "0x2"] } } } },
  Transaction: {
    allOf: [{ $ref: "#/$defs/Fields" }],
    anyOf: [
      { $ref: "#/$defs/Legacy" },
      { $ref: "#/$defs/Dynamic" },
      { $ref: "#/$defs/Typed" },
      { $ref: "#/$defs/Other" },
    ],
  },
};

/** A block's transactions: hashes or full transactions, the first branch failing on full ones. */
const BLOCK: Json = {
  $defs: DEFINITIONS,
  type: "object",
  properties: {
    transactions: {
      anyOf: [
        { type: "array", items: { $ref: "#/$defs/Hex" } },
        { type: "array", items: { $ref: "#/$defs/Transaction" } },
      ],
    },
    number: { anyOf: [{ type: "integer" }, { type: "string", pattern: "^0x" }, { type: "null" }] },
  },
};

function compile(firstMatch: boolean, inlineRefs: boolean, schema: Json = BLOCK) {
  const ajv = new Ajv2020({ allErrors: true, strict: false, inlineRefs });
  ajv.getSchema(String(ajv.defaultMeta()));
  ajv.opts.unevaluated = false;
  ajv.opts.dynamicRef = false;
  if (firstMatch) firstMatchAnyOf(ajv, (ref) => DEFINITIONS[ref.replace("#/$defs/", "")]);
  return ajv.compile(schema as object);
}

const legacy = { hash: "0x1", type: "0x0", gasPrice: "0x5" };
const dynamic = { hash: "0x2", type: "0x2", maxFee: "0x6", v: "0x1" };
const typed = { hash: "0x3", type: "0x1", list: [] };
const other = { hash: "0x4", type: "0x7f" };

/** Valid blocks and blocks broken in each branch, in the tag, and around it (`undefined` drops a member). */
const CASES: unknown[] = [
  { transactions: ["0x1", "0x2"], number: 5 },
  { transactions: [legacy, dynamic, typed, other], number: "0x5" },
  { transactions: [], number: null },
  { transactions: [{ ...dynamic, maxFee: "nope" }] },
  { transactions: [{ ...dynamic, v: undefined }] },
  { transactions: [{ ...dynamic, type: "0x0" }] },
  { transactions: [{ ...legacy, gasPrice: 7 }, typed] },
  { transactions: [{ ...typed, list: undefined }] },
  { transactions: [{ ...other, type: 7 }] },
  { transactions: [{ hash: "0x9" }] },
  { transactions: ["0x1", legacy] },
  { transactions: ["zz", 3, null] },
  { transactions: "0x1" },
  { transactions: [[], {}], number: true },
  { number: 1.5 },
  [legacy],
  "0x0",
];

/** JSON drops `undefined` members, as a parsed answer would not have them. */
const parsed = (value: unknown): Json => JSON.parse(JSON.stringify(value));

describe("anyOf tried first without issues (first-match-any-of.ts)", () => {
  for (const inlineRefs of [true, false]) {
    it(`gives ajv's verdict and the very same issues (inlineRefs ${inlineRefs})`, () => {
      const stock = compile(false, inlineRefs);
      const fast = compile(true, inlineRefs);
      for (const value of CASES.map(parsed)) {
        const verdict = stock(value);
        expect(fast(value), JSON.stringify(value)).toBe(verdict);
        expect(fast.errors ?? null, JSON.stringify(value)).toEqual(stock.errors ?? null);
      }
    });
  }

  it("skips the branches whose constant type the value contradicts", () => {
    const code = String(compile(true, true, { $defs: DEFINITIONS, ...(DEFINITIONS.Transaction as object) }));
    expect(code).toMatch(/=== undefined \|\| tag\d+ === "0x2"/);
    expect(code).toMatch(/=== undefined \|\| tag\d+ === "0x1"/);
  });
});

describe("a null skips an anyOf with a null branch (first-match-any-of.ts)", () => {
  const schema: Json = {
    $defs: DEFINITIONS,
    type: "object",
    properties: { value: { anyOf: [{ $ref: "#/$defs/Hex" }, { type: "null" }] } },
  };

  it("passes a null without checking the other branches, and words other values as ajv does", () => {
    const stock = compile(false, false, schema);
    const fast = compile(true, false, schema);
    // The value is compared with null before any branch runs (ajv's own code runs the $ref first).
    const guardFirst = /let (data\d+) = data\.value;\s*(?:const _errs\d+ = errors;\s*)?if\(\1 !== null\)\{/;
    expect(fast.toString()).toMatch(guardFirst);
    expect(stock.toString()).not.toMatch(guardFirst);
    for (const value of [{ value: null }, { value: "0x1" }, { value: "nope" }, { value: 5 }, {}]) {
      expect(fast(value), JSON.stringify(value)).toBe(stock(value));
      expect(fast.errors ?? null, JSON.stringify(value)).toEqual(stock.errors ?? null);
    }
  });
});
