import { readFileSync } from "node:fs";
import { ExchangeError, isCloid, normalizeCloid, normalizeDecimal, numberToDecimal } from "chainkit/exchange";
import { describe, expect, it } from "vitest";

interface FloatCase {
  in: number;
  out: string | null;
  kind: string;
}

const cases: FloatCase[] = JSON.parse(
  readFileSync(new URL("../fixtures/exchange/float-to-wire.json", import.meta.url), "utf8"),
).float_to_wire;

describe("numberToDecimal (float_to_wire)", () => {
  it.each(cases.filter((row) => row.out !== null))("writes $in as $out", (row) => {
    expect(numberToDecimal(row.in)).toBe(row.out);
  });

  it.each(cases.filter((row) => row.out === null))("refuses $in, which would round", (row) => {
    expect(() => numberToDecimal(row.in, "/p")).toThrow(ExchangeError);
    expect(() => numberToDecimal(row.in, "/p")).toThrow(/\/p .*without rounding/);
  });

  it("never writes an exponent and keeps the sign of negative numbers", () => {
    expect(numberToDecimal(1e-7)).toBe("0.0000001");
    expect(numberToDecimal(1e20)).toBe("100000000000000000000");
    expect(numberToDecimal(-2.5)).toBe("-2.5");
    expect(numberToDecimal(-0)).toBe("0");
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, 1e21])("refuses %s", (value) => {
    expect(() => numberToDecimal(value)).toThrow(ExchangeError);
  });
});

describe("normalizeDecimal", () => {
  it.each([
    ["100.0", "100"],
    ["2000.0", "2000"],
    ["0100.50", "100.5"],
    ["0.000", "0"],
    ["000", "0"],
    ["25.20", "25.2"],
    ["0.00000001", "0.00000001"],
  ])("turns %s into %s", (input, output) => {
    expect(normalizeDecimal(input)).toBe(output);
  });

  it.each(["1e5", "-1", ".5", "5.", "", " 1", "0x10", "1,5"])("refuses %j, naming the field", (input) => {
    const error = (() => {
      try {
        normalizeDecimal(input, "/modifies/0/order/p");
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ExchangeError);
    expect((error as ExchangeError).field).toBe("/modifies/0/order/p");
  });
});

describe("cloids", () => {
  it("lowercases a 16-byte hex id", () => {
    expect(normalizeCloid("0x1E60610F0B3D420597C88C1FED2AD5EE")).toBe("0x1e60610f0b3d420597c88c1fed2ad5ee");
    expect(isCloid("0x00000000000000000000000000000001")).toBe(true);
  });

  it.each([
    "0x1",
    "0x000000000000000000000000000000001",
    "00000000000000000000000000000001",
    "0xzz000000000000000000000000000001",
  ])("refuses %s", (input) => {
    expect(isCloid(input)).toBe(false);
    expect(() => normalizeCloid(input)).toThrow(ExchangeError);
  });
});
