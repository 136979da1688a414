import { describe, expect, it } from "vitest";
import { wireValue } from "../../src/runtime/json/wire-value.js";

describe("wireValue: a request value as its receiver reads it", () => {
  it("returns plain JSON values themselves, without a copy", () => {
    const params = ["0xabc", true, null, 1.5, -3, { a: [1, "x", { b: false }] }, Object.create(null)];
    expect(wireValue(params)).toBe(params);
    expect(wireValue(Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it("converts what JSON changes, exactly as stringify then lossless parse would", () => {
    expect(wireValue([12n, undefined])).toEqual([12, null]);
    expect(wireValue({ supply: 990000000000000000n })).toEqual({ supply: "990000000000000000" });
    expect(wireValue({ kept: 1, dropped: undefined })).toEqual({ kept: 1 });
    expect(wireValue([Number.NaN, Number.POSITIVE_INFINITY])).toEqual([null, null]);
    expect(wireValue([2 ** 53 + 2])).toEqual(["9007199254740994"]);
    expect(wireValue({ at: new Date(0) })).toEqual({ at: "1970-01-01T00:00:00.000Z" });
    expect(wireValue({ own: { toJSON: () => "shown" } })).toEqual({ own: "shown" });
    // biome-ignore lint/suspicious/noSparseArray: a hole is what this case is about
    expect(wireValue([1, , 3])).toEqual([1, null, 3]);
    expect(wireValue([() => 1])).toEqual([null]);
  });

  it("uses the text the caller made when it has to convert", () => {
    expect(wireValue({ n: 1n }, '{"n":123456789012345678901}')).toEqual({ n: "123456789012345678901" });
  });

  it("throws for a cycle, as JSON.stringify does", () => {
    const cyclic: Record<string, unknown> = { name: "loop" };
    cyclic.self = cyclic;
    expect(() => wireValue([cyclic])).toThrow(TypeError);
  });

  it("walks values nested deeper than the call stack", () => {
    let deep: unknown = "end";
    for (let i = 0; i < 5_000; i++) deep = [deep];
    expect(wireValue(deep)).toBe(deep);
  });
});
