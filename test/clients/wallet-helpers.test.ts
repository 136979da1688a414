import { readFileSync } from "node:fs";
import {
  hexToText,
  isBase58Address,
  isHexAddress,
  readableAssetIssue,
  textToHex,
  toBase58Address,
  toHexAddress,
  WalletEncodingError,
} from "chainkit/wallet";
import { describe, expect, it } from "vitest";

interface AssetVector {
  response_visible_false: Record<string, unknown>;
  response_visible_true_DERIVED: Record<string, unknown>;
}
interface ListVector {
  request_visible_false: { value: string };
  request_visible_true: { value: string };
  response_visible_false: { assetIssue: Record<string, unknown>[] };
  response_visible_true_DERIVED: { assetIssue: Record<string, unknown>[] };
}

function fixture<T>(name: string): T {
  return JSON.parse(readFileSync(new URL(`../fixtures/wallet/${name}`, import.meta.url), "utf8"));
}

const btt = fixture<AssetVector>("tron_getassetissuebyid_mainnet_1002000_BTT.json");
const nile = fixture<AssetVector>("tron_getassetissuebyid_nile_1005416.json");
const list = fixture<ListVector>("tron_getassetissuelistbyname_nile_TRN.json");
const assets = [btt, nile].map((vector) => ({
  hex: vector.response_visible_false,
  text: vector.response_visible_true_DERIVED,
}));
for (const [index, hex] of list.response_visible_false.assetIssue.entries()) {
  assets.push({ hex, text: list.response_visible_true_DERIVED.assetIssue[index] ?? {} });
}

describe("TRON addresses", () => {
  it.each(assets.map(({ hex, text }) => [hex.owner_address, text.owner_address]))(
    "converts %s <-> %s",
    (hexAddress, base58) => {
      expect(toBase58Address(hexAddress as string)).toBe(base58);
      expect(toHexAddress(base58 as string)).toBe(hexAddress);
      expect(isBase58Address(base58)).toBe(true);
      expect(isHexAddress(hexAddress)).toBe(true);
    },
  );

  it("accepts 0x and upper-case hex, and always answers lowercase without 0x", () => {
    const hex = btt.response_visible_false.owner_address as string;
    const base58 = btt.response_visible_true_DERIVED.owner_address as string;
    expect(toBase58Address(`0x${hex.toUpperCase()}`)).toBe(base58);
    expect(toHexAddress(base58)).toBe(hex.toLowerCase());
  });

  it("refuses a mistyped Base58 address by its checksum", () => {
    const base58 = btt.response_visible_true_DERIVED.owner_address as string;
    const typo = `${base58.slice(0, -1)}${base58.endsWith("g") ? "h" : "g"}`;
    expect(() => toHexAddress(typo)).toThrowError(/checksum/);
    expect(isBase58Address(typo)).toBe(false);
  });

  it.each([
    ["too short", "TF5Bn4cJCT6GVeUgyCN4rBhDg42KB"],
    ["outside the alphabet", "TF5Bn4cJCT6GVeUgyCN4rBhDg42KBrpAj0"],
    ["a Bitcoin address", "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2"],
    ["not a string", 42],
  ])("refuses a Base58 address that is %s", (_label, bad) => {
    expect(() => toHexAddress(bad as string)).toThrowError(WalletEncodingError);
    expect(isBase58Address(bad)).toBe(false);
  });

  it.each([
    ["without the 41 prefix", "a037fa1a56eb8c503624701d776d95f6dae1d9f0d6"],
    ["one byte short", "4137fa1a56eb8c503624701d776d95f6dae1d9f0"],
    ["not hex", "41zzfa1a56eb8c503624701d776d95f6dae1d9f0d6"],
  ])("refuses a hex address %s", (_label, bad) => {
    expect(() => toBase58Address(bad)).toThrowError(WalletEncodingError);
    expect(isHexAddress(bad)).toBe(false);
  });

  it("tells a hex address by its form, with or without 0x, as isHexAddress's example says", () => {
    expect(isHexAddress("417e5f4552091a69125d5dfcb7b8c2659029395bdf")).toBe(true);
    expect(isHexAddress("0x417e5f4552091a69125d5dfcb7b8c2659029395bdf")).toBe(true);
    expect(isHexAddress("7e5f4552091a69125d5dfcb7b8c2659029395bdf")).toBe(false);
    expect(isHexAddress("TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC")).toBe(false);
  });
});

describe("hex text", () => {
  it.each(
    assets.flatMap(({ hex, text }) =>
      (["name", "abbr", "description", "url"] as const)
        .filter((field) => typeof hex[field] === "string")
        .map((field) => [hex[field], text[field]]),
    ),
  )("decodes %s to %j and back", (hex, text) => {
    expect(hexToText(hex as string)).toBe(text);
    expect(textToHex(text as string)).toBe(hex);
  });

  it("encodes a search name as the node expects with visible false", () => {
    expect(textToHex(list.request_visible_true.value)).toBe(list.request_visible_false.value);
  });

  it("reads hex as the node does: 0x prefix, odd length, multi-byte UTF-8", () => {
    expect(hexToText("0x425454")).toBe("BTT");
    expect(hexToText("41")).toBe("A");
    expect(hexToText("141")).toBe("\u0001A");
    expect(hexToText(textToHex("Tökén ✓"))).toBe("Tökén ✓");
    expect(hexToText("ff")).toBe("\ufffd");
  });

  it("refuses text that is not hex", () => {
    expect(() => hexToText("BitTorrent")).toThrowError(WalletEncodingError);
  });
});

describe("readableAssetIssue", () => {
  it.each(assets.map(({ hex, text }) => [hex.id, hex, text]))(
    "turns the visible=false answer for asset %s into the visible=true one",
    (_id, hex, text) => {
      const before = structuredClone(hex);
      expect(readableAssetIssue(hex as object)).toEqual(text);
      expect(hex).toEqual(before);
    },
  );

  it("names the field when an answer was not hex-encoded", () => {
    const plain = btt.response_visible_true_DERIVED;
    const error = (() => {
      try {
        readableAssetIssue({ ...btt.response_visible_false, description: plain.description });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(WalletEncodingError);
    expect((error as WalletEncodingError).field).toBe("description");
  });
});
