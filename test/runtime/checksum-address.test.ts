import { secp256k1 } from "@noble/curves/secp256k1.js";
import { privateKeyToAddress } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { addressOfPublicKey, checksumAddress } from "../../src/runtime/signing/checksum-address.js";

describe("checksumAddress", () => {
  // The test vectors of EIP-55 itself: all caps, all lower, and mixed.
  const vectors = [
    "0x52908400098527886E0F7030069857D2E4169EE7",
    "0x8617E340B3D01FA5F11F306F4090FD50E238070D",
    "0xde709f2102306220921060314715629080e2fb77",
    "0x27b1fdb04752bbc536007a920d24acb045561c26",
    "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
    "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
    "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
    "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb",
  ];
  it("gives EIP-55's vectors from any case, with or without 0x", () => {
    for (const vector of vectors) {
      expect(checksumAddress(vector.toLowerCase())).toBe(vector);
      expect(checksumAddress(vector.slice(2).toUpperCase())).toBe(vector);
    }
  });
});

describe("addressOfPublicKey", () => {
  it("gives the address viem derives from the same private key", () => {
    for (const fill of [1, 7, 0x42, 0xb7, 0xfe]) {
      const key = new Uint8Array(32).fill(fill);
      const hex = `0x${Buffer.from(key).toString("hex")}` as const;
      expect(addressOfPublicKey(secp256k1.getPublicKey(key, false))).toBe(privateKeyToAddress(hex));
    }
  });
});
