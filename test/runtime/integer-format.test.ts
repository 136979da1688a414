import { describe, expect, it } from "vitest";
import { integerFormat, integerRange, integerWords } from "../../src/runtime/json/integer-format.js";

describe("integer formats", () => {
  it("reads int64, uint64, uint120, uint256 and int257 as wide integers; int32, floats and names as none", () => {
    expect(integerFormat("int64")).toEqual({ signed: true, bits: 64 });
    expect(integerFormat("uint120")).toEqual({ signed: false, bits: 120 });
    expect(integerFormat("int257")).toEqual({ signed: true, bits: 257 });
    for (const other of [
      "int32",
      "uint53",
      "double",
      "uint",
      "int0064",
      "uint99999",
      "uuid",
      64,
      undefined,
    ]) {
      expect(integerFormat(other), String(other)).toBeUndefined();
    }
  });

  it("gives each its exact range and words it", () => {
    expect(integerRange({ signed: true, bits: 64 })).toEqual({ min: -(2n ** 63n), max: 2n ** 63n - 1n });
    expect(integerRange({ signed: false, bits: 120 })).toEqual({ min: 0n, max: 2n ** 120n - 1n });
    expect(integerWords({ signed: false, bits: 120 })).toBe("an unsigned integer below 2^120");
    expect(integerWords({ signed: true, bits: 64 })).toBe("an integer from -2^63 to 2^63 - 1 (int64)");
  });
});
