import { describe, expect, it } from "vitest";
import { DECIMAL_OUTSIDE, DECIMAL_OUTSIDE_SOURCE } from "../../scripts/generate/integer-formats.js";
import type { JsonObject } from "../../scripts/generate/json.js";
import { checkValue } from "../../src/runtime/validation/field-issues.js";
import { buildOne, loadOne } from "./support.js";

// The helper exactly as the generated modules carry it.
const decimalOutside = new Function(`${DECIMAL_OUTSIDE_SOURCE}\nreturn ${DECIMAL_OUTSIDE};`)() as (
  text: string,
  min: string,
  max: string,
) => boolean;

const RANGES: [bigint, bigint][] = [
  [-(2n ** 63n), 2n ** 63n - 1n],
  [0n, 2n ** 64n - 1n],
  [0n, 2n ** 120n - 1n],
  [-(2n ** 31n), 2n ** 31n - 1n],
];

/** Decimal strings around a range's bounds, with leading zeros, signs and zero written every way. */
function candidates(min: bigint, max: bigint): string[] {
  const around = [min, max, 0n, 1n, -1n, 10n ** 30n, -(10n ** 30n)].flatMap((n) => [n - 1n, n, n + 1n]);
  const texts = around.map(String);
  return [
    ...texts,
    ...texts.map((text) => text.replace(/^(-?)/, "$100")),
    "0",
    "-0",
    "000",
    "-000",
    "9".repeat(60),
  ];
}

describe("the wide integers' range check reads the digits as text (decimalOutside)", () => {
  it("agrees with BigInt for every format's bounds, off by one either way, with leading zeros", () => {
    for (const [min, max] of RANGES) {
      for (const text of candidates(min, max)) {
        const value = BigInt(text);
        expect(decimalOutside(text, String(min), String(max)), `${text} in [${min}, ${max}]`).toBe(
          value < min || value > max,
        );
      }
    }
  });

  it("agrees with BigInt on random decimal strings of every length up to 40 digits", () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    for (let round = 0; round < 3000; round++) {
      const digits = Array.from({ length: 1 + (next() % 40) }, () => String(next() % 10)).join("");
      const text = next() % 3 === 0 ? `-${digits}` : digits;
      const [min, max] = RANGES[round % RANGES.length] as [bigint, bigint];
      const value = BigInt(text);
      expect(decimalOutside(text, String(min), String(max)), text).toBe(value < min || value > max);
    }
  });

  it("generated validators refuse an int64 string one past its bound, naming the field, and make no BigInt", async () => {
    const schema: JsonObject = {
      type: "object",
      properties: { lt: { type: "integer", format: "int64" }, fee: { type: "integer", format: "uint64" } },
    };
    const built = buildOne({}, schema);
    const code = [built.js, ...built.chunks.map((chunk) => chunk.js)].join("\n");
    expect(code).not.toMatch(/BigInt\(data/);
    const validate = await loadOne(built);
    expect(validate({ lt: "9223372036854775807", fee: "18446744073709551615" })).toBe(true);
    expect(
      checkValue(validate, { lt: "9223372036854775808", fee: "-1" }, "").map((issue) => issue.pointer),
    ).toEqual(["/lt", "/fee"]);
  });
});
