import { Address } from "@ton/core";
import {
  isTonAddress,
  parseTonAddress,
  sameTonAddress,
  TonAddressError,
  toFriendlyAddress,
  toRawAddress,
} from "chainkit/indexer";
import { describe, expect, test } from "vitest";
import { SeededRandom } from "../../src/sandbox/seeded-random.js";

// A real mainnet wallet from the indexer's answers, in every form the network writes it.
const RAW = "0:21D6615A74625CA8BEB3C7A5777978A1239EE8148B1DF18C7B8A8A3215523DA0";
const NON_BOUNCEABLE = "UQAh1mFadGJcqL6zx6V3eXihI57oFIsd8Yx7iooyFVI9oDso";
const BOUNCEABLE = "EQAh1mFadGJcqL6zx6V3eXihI57oFIsd8Yx7iooyFVI9oGbt";
// Testnet forms from a recorded testnet answer (0Q… non-bounceable, kQ… bounceable).
const TESTNET_RAW = "0:237E5119FFA2A028CC4F95C9CA37566852F1DD4D3EA15704D6F791065507DE4A";
const TESTNET_WALLET = "0QAjflEZ_6KgKMxPlcnKN1ZoUvHdTT6hVwTW95EGVQfeSvD5";

describe("TON addresses: known forms", () => {
  test("raw and user-friendly forms of one account read the same", () => {
    const fromRaw = parseTonAddress(RAW);
    expect(fromRaw).toMatchObject({ workchain: 0, form: "raw" });
    expect(fromRaw.bounceable).toBeUndefined();
    expect(parseTonAddress(NON_BOUNCEABLE)).toMatchObject({
      form: "base64url",
      bounceable: false,
      testnet: false,
    });
    expect(parseTonAddress(BOUNCEABLE)).toMatchObject({ bounceable: true, testnet: false });
    expect(toRawAddress(NON_BOUNCEABLE)).toBe(RAW);
    expect(toRawAddress(RAW.toLowerCase())).toBe(RAW);
    expect(toFriendlyAddress(RAW, { bounceable: false })).toBe(NON_BOUNCEABLE);
    expect(toFriendlyAddress(RAW)).toBe(BOUNCEABLE);
    expect(toFriendlyAddress(NON_BOUNCEABLE, { bounceable: true })).toBe(BOUNCEABLE);
  });

  test("testnet flags survive a round trip, and a friendly input keeps its flags", () => {
    expect(parseTonAddress(TESTNET_WALLET)).toMatchObject({ bounceable: false, testnet: true });
    expect(toRawAddress(TESTNET_WALLET)).toBe(TESTNET_RAW);
    expect(toFriendlyAddress(TESTNET_WALLET)).toBe(TESTNET_WALLET);
    expect(toFriendlyAddress(TESTNET_RAW, { bounceable: false, testnet: true })).toBe(TESTNET_WALLET);
    expect(toFriendlyAddress(TESTNET_WALLET, { testnet: false })).toMatch(/^UQ/);
  });

  test("base64 and base64url are both read; the masterchain is -1", () => {
    const standard = toFriendlyAddress(TESTNET_WALLET, { urlSafe: false });
    expect(standard).toBe("0QAjflEZ/6KgKMxPlcnKN1ZoUvHdTT6hVwTW95EGVQfeSvD5");
    expect(parseTonAddress(standard).form).toBe("base64");
    expect(sameTonAddress(standard, TESTNET_WALLET)).toBe(true);
    const master = `-1:${"3".repeat(64)}`;
    expect(toFriendlyAddress(master)).toMatch(/^Ef8z/);
    expect(toRawAddress(toFriendlyAddress(master))).toBe(master);
  });

  test("any two forms compare equal; different accounts do not", () => {
    const forms = [
      RAW,
      RAW.toLowerCase(),
      NON_BOUNCEABLE,
      BOUNCEABLE,
      toFriendlyAddress(RAW, { testnet: true }),
    ];
    for (const a of forms) for (const b of forms) expect(sameTonAddress(a, b)).toBe(true);
    expect(sameTonAddress(RAW, TESTNET_RAW)).toBe(false);
    expect(sameTonAddress(RAW, `-1:${RAW.slice(2)}`)).toBe(false);
  });
});

describe("TON addresses: bad input", () => {
  test("a mistyped character fails the checksum", () => {
    const typo = `${NON_BOUNCEABLE.slice(0, 20)}${NON_BOUNCEABLE[20] === "A" ? "B" : "A"}${NON_BOUNCEABLE.slice(21)}`;
    expect(() => parseTonAddress(typo)).toThrow(/checksum/);
    expect(isTonAddress(typo)).toBe(false);
  });

  test("wrong length, mixed alphabets, unknown flags and wide workchains are refused with a reason", () => {
    const cases: [string, RegExp][] = [
      ["0:ABC", /Not a TON address/],
      [NON_BOUNCEABLE.slice(1), /Not a TON address/],
      [`${BOUNCEABLE.slice(0, 10)}+_${BOUNCEABLE.slice(12)}`, /Not a TON address/],
      [`99999999999:${"0".repeat(64)}`, /Not a TON address/],
      [`4294967296:${"0".repeat(64)}`, /32 bits/],
    ];
    for (const [text, reason] of cases) {
      const error = (() => {
        try {
          parseTonAddress(text);
        } catch (caught) {
          return caught;
        }
      })();
      expect(error, text).toBeInstanceOf(TonAddressError);
      expect((error as Error).message).toMatch(reason);
    }
    const flagged = Buffer.from(NON_BOUNCEABLE, "base64url");
    flagged[0] = 0x22;
    expect(() => parseTonAddress(withChecksum(flagged))).toThrow(/flag byte/);
    expect(() => toFriendlyAddress(`1000:${"0".repeat(64)}`)).toThrow(/signed byte/);
    expect(() => toRawAddress({ workchain: 0, hash: new Uint8Array(31) })).toThrow(TonAddressError);
  });
});

describe("TON addresses: against @ton/core on seeded random addresses", () => {
  test("3,000 addresses round-trip through both libraries in every form", () => {
    const random = new SeededRandom(20240716);
    for (let i = 0; i < 3000; i++) {
      const workchain = random.next() < 0.2 ? -1 : random.next() < 0.05 ? random.int(-128, 127) : 0;
      const hash = random.bytes(32);
      const raw = `${workchain}:${Buffer.from(hash).toString("hex").toUpperCase()}`;
      const theirs = new Address(workchain, Buffer.from(hash));
      expect(toRawAddress({ workchain, hash })).toBe(raw);
      expect(theirs.toRawString().toUpperCase()).toBe(raw.toUpperCase());
      for (const bounceable of [true, false]) {
        for (const testnet of [true, false]) {
          for (const urlSafe of [true, false]) {
            const ours = toFriendlyAddress(raw, { bounceable, testnet, urlSafe });
            expect(ours).toBe(theirs.toString({ bounceable, testOnly: testnet, urlSafe }));
            const parsedByThem = Address.parseFriendly(ours);
            expect(parsedByThem.isBounceable).toBe(bounceable);
            expect(parsedByThem.isTestOnly).toBe(testnet);
            const parsedByUs = parseTonAddress(ours);
            expect(parsedByUs).toMatchObject({ workchain, bounceable, testnet });
            expect(sameTonAddress(parsedByUs, raw)).toBe(true);
          }
        }
      }
    }
  });
});

/** Rewrites the checksum of 36 address bytes so only the flag byte is wrong. */
function withChecksum(bytes: Buffer): string {
  let crc = 0;
  for (const byte of bytes.subarray(0, 34)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  bytes[34] = crc >> 8;
  bytes[35] = crc & 0xff;
  return bytes.toString("base64url");
}
