import { keccak_256 } from "@noble/hashes/sha3.js";
import { describe, expect, it } from "vitest";
import { keccakInto } from "../../src/evm/verify/keccak.js";

describe("keccakInto (the proof walk's reused hasher)", () => {
  it("matches noble's one-shot keccak_256 around block boundaries, call after call", () => {
    const out = new Uint8Array(32);
    for (const length of [0, 1, 31, 32, 135, 136, 137, 271, 272, 532, 1000]) {
      const data = Uint8Array.from({ length }, (_, i) => (i * 13 + length) & 255);
      expect(keccakInto(data, out)).toEqual(keccak_256(data));
    }
  });

  it("gives the known hash of no bytes", () => {
    expect(Buffer.from(keccakInto(new Uint8Array(0), new Uint8Array(32))).toString("hex")).toBe(
      "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470",
    );
  });
});
