import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { evmMethods } from "../../generated/evm/operations.js";
import { HEX_PATTERN_SOURCE, hexAwarePattern } from "../../scripts/generate/hex-patterns.js";
import { checkValue } from "../../src/runtime/validation/field-issues.js";
import { packedValidators } from "../support/spec-validators.js";
import { repoRoot } from "./support.js";

const block = await evmMethods.eth_getBlockByHash.validators();
const transactionByHash = await evmMethods.eth_getTransactionByHash.validators();

/** The hex shapes the engine answers without a RegExp of its own. */
const HEX_SHAPES = [
  "^0x[0-9a-fA-F]{64}$",
  "^0x[0-9a-fA-F]{40}$",
  "^0x[0-9a-fA-F]{16}$",
  "^0x[0-9a-fA-F]{1,64}$",
  "^0x[0-9a-fA-F]+$",
  "^0x(?:[0-9a-fA-F]{2})*$",
  "^0x[0-9a-fA-F]*$",
  // The wallet's: TRON writes hex without 0x.
  "^[0-9a-fA-F]{64}$",
  "^[0-9a-fA-F]{130}$",
  "^[0-9a-fA-F]+$",
  "^[0-9a-fA-F]*$",
  "^[0-9a-fA-F]{1,8}$",
  "^(?:[0-9a-fA-F]{2})*$",
];

/**
 * Strings near every edge of those shapes: lengths (either side of the engine's character loop, of
 * its four-digit reads and of its first buffer), case, prefix, bad digits first, last and in the
 * middle, line breaks.
 */
function candidates(): string[] {
  const digits = "0123456789abcdefABCDEF";
  const found = new Set(["", "0", "0x", "0X12", "x12", "00x1", "0x\n", "\n0x12", "0x12\n", "0x1 "]);
  for (const length of [
    0, 1, 2, 3, 15, 16, 17, 37, 38, 39, 40, 41, 42, 43, 44, 45, 63, 64, 65, 66, 128, 129, 130, 131, 253, 254,
    255, 256, 257, 1022, 1023, 1024, 1025, 1026, 4094, 4095, 5001,
  ]) {
    const hex = Array.from({ length }, (_, i) => digits[(i * 7) % digits.length]).join("");
    found.add(`0x${hex}`);
    found.add(`0X${hex}`);
    found.add(hex);
    found.add(`x${hex}`);
    for (const bad of ["g", "é", "\u{1F600}"]) {
      if (length > 0) found.add(`${hex.slice(0, length - 1)}${bad}`);
      if (length > 2) found.add(`${hex.slice(0, length >> 1)}${bad}${hex.slice((length >> 1) + 1)}`);
    }
    for (const bad of ["g", "G", "x", " ", "-", "é", "０", "\u{1F600}"]) {
      if (length > 0) found.add(`0x${hex.slice(0, length - 1)}${bad}`);
      found.add(`0x${bad}${hex.slice(1)}`);
      const middle = length >> 1;
      if (length > 2) found.add(`0x${hex.slice(0, middle)}${bad}${hex.slice(middle + 1)}`);
    }
  }
  return [...found];
}

type Engine = (source: string, flags: string) => { test(text: string): boolean };

/**
 * The engine built anew from its source, as a generated module runs it (its RegExp-first phase
 * starts again), with a TextEncoder that counts the strings it copies.
 */
function freshEngine(): { engine: Engine; copies: () => number } {
  let copies = 0;
  class CountingEncoder extends TextEncoder {
    override encodeInto(text: string, into: Uint8Array) {
      copies++;
      return super.encodeInto(text, into);
    }
  }
  const engine = new Function("TextEncoder", `${HEX_PATTERN_SOURCE}\nreturn hexAwarePattern;`)(
    CountingEncoder,
  );
  return { engine: engine as Engine, copies: () => copies };
}

describe("hex pattern engine (ajv code.regExp of the generated validators)", () => {
  it("accepts exactly the strings the spec's own pattern accepts", () => {
    const inputs = candidates();
    // A fresh engine reads the first long strings with its RegExp and the rest by copying them.
    const { engine: fresh, copies } = freshEngine();
    for (const [name, make] of [
      ["fresh", fresh],
      ["warm", hexAwarePattern],
    ] as const) {
      for (const source of HEX_SHAPES) {
        const engine = make(source, "u");
        expect(engine, source).not.toBeInstanceOf(RegExp);
        const reference = new RegExp(source, "u");
        for (const input of inputs)
          expect(engine.test(input), `${name} ${source} on ${JSON.stringify(input)}`).toBe(
            reference.test(input),
          );
      }
    }
    expect(copies()).toBeGreaterThan(0);
  });

  it("reads long strings with its RegExp until 64K characters, then copies them", () => {
    const { engine, copies } = freshEngine();
    const bytes = engine("^0x(?:[0-9a-fA-F]{2})*$", "u");
    const long = `0x${"ab".repeat(2047)}`; // 4096 characters: the 16th reaches 64K
    for (let i = 0; i < 15; i++) expect(bytes.test(long)).toBe(true);
    expect(bytes.test(`${long.slice(0, -1)}g`)).toBe(false);
    expect(copies()).toBe(0);
    expect(bytes.test(long)).toBe(true);
    expect(bytes.test(`${long.slice(0, -1)}g`)).toBe(false);
    expect(copies()).toBe(2);
    // Short strings never count towards it, nor go through a copy.
    const short = freshEngine();
    const hash = short.engine("^0x[0-9a-fA-F]{64}$", "u");
    for (let i = 0; i < 5000; i++) hash.test(`0x${"ab".repeat(32)}`);
    expect(short.engine("^0x[0-9a-fA-F]*$", "u").test(long)).toBe(true);
    expect(short.copies()).toBe(0);
  });

  it("reads strings of up to 1,024 characters with its RegExp even once warm (TRON's raw transactions)", () => {
    const { engine, copies } = freshEngine();
    const plain = engine("^[0-9a-fA-F]*$", "u");
    const warmUp = "ab".repeat(4096);
    for (let i = 0; i < 9; i++) expect(plain.test(warmUp)).toBe(true);
    const copiedWhenWarm = copies();
    expect(copiedWhenWarm).toBeGreaterThan(0);
    for (const length of [270, 422, 1024]) {
      const raw = "0a".repeat(length >> 1);
      expect(plain.test(raw)).toBe(true);
      for (const at of [0, length >> 1, length - 1])
        expect(plain.test(`${raw.slice(0, at)}g${raw.slice(at + 1)}`), `${length}, g at ${at}`).toBe(false);
    }
    expect(copies()).toBe(copiedWhenWarm);
    expect(plain.test("ab".repeat(513))).toBe(true);
    expect(copies()).toBe(copiedWhenWarm + 1);
  });

  it("leaves every other pattern to a RegExp with ajv's flags", () => {
    for (const source of [
      "^0x[0-9a-f]{32}$",
      "^0x(2{40}|20[0-9a-fA-F]{38})$",
      "^0x[0-9a-fA-F]{64}",
      "^[0-9a-fA-F]{64}",
      "^(41[0-9a-fA-F]{40}|T[1-9A-HJ-NP-Za-km-z]{33})$",
      "^-?[0-9]+$",
    ]) {
      const engine = hexAwarePattern(source, "u");
      expect(engine, source).toBeInstanceOf(RegExp);
      expect((engine as RegExp).flags).toBe("u");
    }
  });

  it("is emitted verbatim into the EVM validators' helpers, which their modules check hex fields with", async () => {
    const helpers = await readFile(join(repoRoot, "generated/evm/validators/components/helpers.js"), "utf8");
    expect(helpers).toContain(HEX_PATTERN_SOURCE);
    const { file } = await packedValidators(repoRoot, "evm", "eth_getBlockByHash");
    const code = await readFile(file, "utf8");
    expect(code).toMatch(/^import \{ [^}]*\bhexAwarePattern\b[^}]* \} from "\.\/components\/helpers\.js";$/m);
    const hash = `0x${"ab".repeat(32)}`;
    expect(block.params([hash, true])).toBe(true);
    for (const bad of [hash.slice(0, -1), `${hash}0`, `${hash.slice(0, -1)}g`, `${hash}\n`]) {
      expect(block.params([bad, true]), bad).toBe(false);
      expect(block.params.errors?.[0]).toMatchObject({
        instancePath: "/0",
        keyword: "pattern",
        params: { pattern: "^0x[0-9a-fA-F]{64}$" },
      });
    }
    const vector = JSON.parse(
      await readFile(join(repoRoot, "test/fixtures/evm/eth_getTransactionByHash_mainnet_type2.json"), "utf8"),
    );
    const transaction = vector.result as Record<string, unknown>;
    expect(transactionByHash.result(transaction)).toBe(true);
    expect(transactionByHash.result({ ...transaction, input: "0x" })).toBe(true);
    expect(checkValue(transactionByHash.result, { ...transaction, input: "0xabc" }, "")).toEqual([
      { pointer: "/input", message: "must be hex bytes: 0x and an even number of hex digits" },
    ]);
  });
});
