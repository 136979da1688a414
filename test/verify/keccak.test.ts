import { keccak_256 } from "@noble/hashes/sha3.js";
import { describe, expect, it } from "vitest";
import { keccak256 } from "../../src/evm/verify/keccak.js";

// The hand-written keccak must agree with @noble/hashes on every length that matters for padding
// (empty, around each 136-byte block boundary, several blocks), on any content and any offset of
// the input inside its buffer.

let seed = 0x9e3779b9;
function randomBytes(length: number): Uint8Array {
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    out[i] = seed >>> 24;
  }
  return out;
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");

describe("keccak256", () => {
  it("matches the known digests of Ethereum's empty values", () => {
    expect(hex(keccak256(new Uint8Array(0)))).toBe(
      "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470",
    );
    expect(hex(keccak256(Uint8Array.of(0x80)))).toBe(
      "56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421",
    );
  });

  it("agrees with @noble/hashes for every length from 0 to 700 bytes", () => {
    for (let length = 0; length <= 700; length++) {
      const data = randomBytes(length);
      expect(hex(keccak256(data)), `length ${length}`).toBe(hex(keccak_256(data)));
    }
  });

  it("agrees on all-zero and all-0xff blocks and on views at odd offsets", () => {
    for (const length of [135, 136, 137, 271, 272, 273, 4096]) {
      for (const fill of [0x00, 0xff]) {
        const data = new Uint8Array(length).fill(fill);
        expect(hex(keccak256(data)), `${length} x ${fill}`).toBe(hex(keccak_256(data)));
      }
      const host = randomBytes(length + 3);
      const view = host.subarray(3);
      expect(hex(keccak256(view)), `view of ${length}`).toBe(hex(keccak_256(view.slice())));
    }
  });

  it("does not change its input and returns a fresh digest each call", () => {
    const data = randomBytes(300);
    const copy = data.slice();
    const first = keccak256(data);
    const second = keccak256(data);
    expect(hex(data)).toBe(hex(copy));
    expect(first).not.toBe(second);
    expect(hex(first)).toBe(hex(second));
  });
});
