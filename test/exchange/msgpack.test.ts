import { encode } from "@msgpack/msgpack";
import { describe, expect, it } from "vitest";
import { encodeMsgpack } from "../../src/exchange/signing/msgpack.js";

const reference = (value: unknown) => encode(value, { useBigInt64: true, ignoreUndefined: true });

describe("encodeMsgpack", () => {
  it("writes integers in their smallest format, as @msgpack/msgpack does, at every boundary", () => {
    const boundaries = [
      0,
      1,
      0x7f,
      0x80,
      0xff,
      0x100,
      0xffff,
      0x10000,
      0xffffffff,
      -1,
      -32,
      -33,
      -128,
      -129,
      -32768,
      -32769,
      -(2 ** 31),
    ];
    for (const value of boundaries) expect(encodeMsgpack(value), String(value)).toEqual(reference(value));
    for (const value of [2n ** 32n, 2n ** 64n - 1n, -(2n ** 31n) - 1n, -(2n ** 63n)]) {
      expect(encodeMsgpack(value), String(value)).toEqual(reference(value));
    }
  });

  it("writes strings, arrays and maps of every length class, keys in insertion order", () => {
    for (const length of [0, 31, 32, 255, 256, 65_535, 65_536]) {
      expect(encodeMsgpack("x".repeat(length)), `string ${length}`).toEqual(reference("x".repeat(length)));
    }
    expect(encodeMsgpack("prix €, 价格")).toEqual(reference("prix €, 价格"));
    for (const length of [0, 15, 16, 65_535, 65_536]) {
      const list = Array.from({ length }, (_, i) => i % 200);
      expect(encodeMsgpack(list), `array ${length}`).toEqual(reference(list));
      const map = Object.fromEntries(
        list.slice(0, Math.min(length, 70_000)).map((value, i) => [`k${i}`, value]),
      );
      expect(encodeMsgpack(map), `map ${length}`).toEqual(reference(map));
    }
    const nested = { z: [true, false, null, { b: "1", a: -5 }], a: undefined, m: 8553833906n };
    expect(encodeMsgpack(nested)).toEqual(reference(nested));
  });
});
