import { keccak_256 } from "@noble/hashes/sha3.js";
import { describe, expect, it } from "vitest";
import { keccak256, keccak256Into } from "../../src/runtime/hashing/keccak-256.js";

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");

describe("keccak256 (the unrolled Keccak-f[1600])", () => {
  it("matches noble's keccak_256 for every length from 0 to 5 blocks and a byte", () => {
    for (let length = 0; length <= 5 * 136 + 1; length++) {
      const data = Uint8Array.from({ length }, (_, i) => (i * 13 + length * 7) & 255);
      expect(hex(keccak256(data)), `length ${length}`).toBe(hex(keccak_256(data)));
    }
  });

  it("hashes a view at an odd offset of a larger buffer (a node inside a proof, a slice of a payload)", () => {
    const buffer = Uint8Array.from({ length: 1000 }, (_, i) => (i * 29) & 255);
    for (const [start, end] of [
      [3, 139],
      [1, 1000],
      [500, 532],
    ] as const) {
      const view = buffer.subarray(start, end);
      expect(hex(keccak256(view))).toBe(hex(keccak_256(view)));
    }
  });

  it("gives the known hashes of no bytes and of abc, call after call into the same output", () => {
    const out = new Uint8Array(32);
    for (let round = 0; round < 2; round++) {
      expect(hex(keccak256Into(new Uint8Array(0), out))).toBe(
        "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470",
      );
      expect(hex(keccak256Into(new TextEncoder().encode("abc"), out))).toBe(
        "4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45",
      );
    }
  });

  it("all-ones input (every bit of every lane set) matches noble", () => {
    for (const length of [135, 136, 272, 1000]) {
      const data = new Uint8Array(length).fill(0xff);
      expect(hex(keccak256(data))).toBe(hex(keccak_256(data)));
    }
  });
});
