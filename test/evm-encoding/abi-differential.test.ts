import fc from "fast-check";
import { createContract, decodeError } from "micro-eth-signer/abi.js";
import { bytesToHex, decodeAbiParameters, encodeAbiParameters, encodeErrorResult } from "viem";
import { describe, expect, it } from "vitest";
import { decodeAbiError } from "../../src/runtime/abi/abi-error.js";
import { abiFunction } from "../../src/runtime/abi/abi-function.js";
import type { AbiParameter } from "../../src/runtime/abi/abi-type.js";

// chainkit's ABI coder against two references: viem's encodeAbiParameters (byte-equal encodings) and
// micro-eth-signer's coder, which chainkit used before (byte-equal encodings, equal decoded values,
// and on altered data: whatever chainkit's decoder accepts, micro-eth-signer's accepts with the same
// values, so the new decoder is no laxer than the old).

const RUNS = Number(process.env.FUZZ_RUNS ?? 300);

/** A generated parameter type with an arbitrary of its values in micro-eth-signer's shape. */
interface Generated {
  param: AbiParameter;
  value: fc.Arbitrary<unknown>;
}

const hex = (bytes: Uint8Array) => bytesToHex(bytes);

function integer(signed: boolean, bits: number): Generated {
  const limit = 1n << BigInt(signed ? bits - 1 : bits);
  const min = signed ? -limit : 0n;
  const max = limit - 1n;
  return {
    param: { type: `${signed ? "" : "u"}int${bits}` },
    value: fc.oneof(fc.constantFrom(min, max, 0n), fc.bigInt({ min, max })),
  };
}

const leaf: fc.Arbitrary<Generated> = fc.oneof(
  fc.tuple(fc.boolean(), fc.integer({ min: 1, max: 32 })).map(([signed, n]) => integer(signed, n * 8)),
  fc.constant<Generated>({
    param: { type: "address" },
    value: fc.uint8Array({ minLength: 20, maxLength: 20 }).map(hex),
  }),
  fc.constant<Generated>({ param: { type: "bool" }, value: fc.boolean() }),
  fc.constant<Generated>({
    param: { type: "string" },
    value: fc.string({ unit: "grapheme", maxLength: 70 }),
  }),
  fc.constant<Generated>({ param: { type: "bytes" }, value: fc.uint8Array({ maxLength: 70 }) }),
  fc.integer({ min: 1, max: 32 }).map(
    (n): Generated => ({
      param: { type: `bytes${n}` },
      value: fc.uint8Array({ minLength: n, maxLength: n }),
    }),
  ),
);

const generated: fc.Arbitrary<Generated> = fc.letrec<{ node: Generated }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc.tuple(tie("node"), fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined })).map(
      ([item, length]): Generated => ({
        param: { ...item.param, type: `${item.param.type}[${length ?? ""}]` },
        value: fc.array(item.value, { minLength: length ?? 0, maxLength: length ?? 3 }),
      }),
    ),
    fc
      .tuple(fc.array(tie("node"), { minLength: 1, maxLength: 3 }), fc.boolean())
      .map(([items, named]): Generated => {
        const components = items.map((item, i) => ({ ...item.param, ...(named ? { name: `c${i}` } : {}) }));
        const values = fc.tuple(...items.map((item) => item.value));
        return {
          param: { type: "tuple", components },
          value: named ? values.map((list) => Object.fromEntries(list.map((v, i) => [`c${i}`, v]))) : values,
        };
      }),
  ),
})).node;

/** micro-eth-signer's value shape (bytes as Uint8Array) in viem's (bytes as hex). */
function viemShape(param: AbiParameter, value: unknown): unknown {
  const array = /^(.*)\[\d*\]$/.exec(param.type);
  if (array)
    return (value as unknown[]).map((item) => viemShape({ ...param, type: array[1] as string }, item));
  if (param.type === "tuple") {
    const components = param.components ?? [];
    if (Array.isArray(value)) return components.map((c, i) => viemShape(c, value[i]));
    const record = value as Record<string, unknown>;
    return Object.fromEntries(components.map((c) => [c.name, viemShape(c, record[c.name as string])]));
  }
  return value instanceof Uint8Array ? hex(value) : value;
}

// A function of up to four generated parameters, with values for them.
const call = fc
  .array(generated, { minLength: 1, maxLength: 4 })
  .chain((params) =>
    fc.tuple(fc.constant(params.map((p) => p.param)), fc.tuple(...params.map((p) => p.value))),
  );

/** micro-eth-signer's coder of a function taking and returning `inputs`. */
const microFunction = (inputs: AbiParameter[]) =>
  (
    createContract([{ type: "function", name: "f", inputs, outputs: inputs }] as never) as unknown as Record<
      "f",
      { encodeInput(value: unknown): Uint8Array; decodeOutput(data: Uint8Array): unknown }
    >
  ).f;
const microArgs = (values: unknown[]) => (values.length === 1 ? values[0] : values);

describe("chainkit's ABI coder encodes and decodes as viem and micro-eth-signer", () => {
  it("encodes byte for byte as both, and decodes its own encoding back to the values", () => {
    fc.assert(
      fc.property(call, ([inputs, values]) => {
        const ours = abiFunction({ name: "f", inputs, outputs: inputs });
        const encoded = ours.encodeInput(microArgs(values));
        const micro = microFunction(inputs);
        expect(hex(encoded)).toBe(hex(micro.encodeInput(microArgs(values))));
        const viem = encodeAbiParameters(
          inputs as never,
          inputs.map((p, i) => viemShape(p, values[i])) as never,
        );
        expect(hex(encoded.subarray(4))).toBe(viem);
        expect(ours.decodeOutput(encoded.subarray(4))).toEqual(micro.decodeOutput(encoded.subarray(4)));
        expect(ours.decodeOutput(encoded.subarray(4))).toEqual(microArgs(values));
        // viem reads chainkit's encoding back to the same values too.
        decodeAbiParameters(inputs as never, bytesToHex(encoded.subarray(4)));
      }),
      { numRuns: RUNS },
    );
  }, 300_000);

  it("refuses every altered encoding micro-eth-signer refuses, and reads the rest alike", () => {
    const altered = call.chain(([inputs, values]) => {
      const data = abiFunction({ name: "f", inputs }).inputs.encode(microArgs(values));
      return fc.tuple(
        fc.constant(inputs),
        fc.oneof(
          // One byte changed, bytes cut off the end, or bytes added after it.
          fc.tuple(fc.nat(), fc.integer({ min: 1, max: 255 })).map(([at, xor]) => {
            const copy = data.slice();
            if (copy.length > 0) copy[at % copy.length] = (copy[at % copy.length] as number) ^ xor;
            return copy;
          }),
          fc.integer({ min: 1, max: 64 }).map((cut) => data.slice(0, Math.max(0, data.length - cut))),
          fc.uint8Array({ minLength: 1, maxLength: 64 }).map((extra) => Uint8Array.from([...data, ...extra])),
        ),
      );
    });
    let bothAccepted = 0;
    let bothRefused = 0;
    fc.assert(
      fc.property(altered, ([inputs, data]) => {
        const read = (decode: () => unknown) => {
          try {
            return { value: decode() };
          } catch {
            return undefined;
          }
        };
        const ours = read(() => abiFunction({ name: "f", inputs, outputs: inputs }).decodeOutput(data));
        const micro = read(() => microFunction(inputs).decodeOutput(data));
        if (ours === undefined) {
          if (micro === undefined) bothRefused++;
          return;
        }
        expect(micro).toBeDefined();
        expect(ours.value).toEqual(micro?.value);
        bothAccepted++;
      }),
      { numRuns: RUNS },
    );
    expect(bothRefused).toBeGreaterThan(RUNS / 4);
    expect(bothAccepted).toBeGreaterThan(0);
  }, 300_000);

  it("refuses a string with a lone surrogate, which has no UTF-8 form, as micro-eth-signer did", () => {
    const inputs = [{ type: "string" }];
    expect(() => microFunction(inputs).encodeInput("a\ud800")).toThrow();
    expect(() => abiFunction({ name: "f", inputs }).encodeInput("a\ud800")).toThrow(
      /whole Unicode characters/,
    );
    expect(abiFunction({ name: "f", inputs }).encodeInput("a\ud83d\ude00").length).toBe(4 + 96);
  });

  it("reads revert data as micro-eth-signer's decodeError did: Error(string), Panic(uint256), custom errors", () => {
    const abi = [
      {
        type: "error",
        name: "NotOwner",
        inputs: [
          { name: "caller", type: "address" },
          { name: "owner", type: "address" },
        ],
      },
      { type: "error", name: "Short", inputs: [{ name: "needed", type: "uint256" }] },
      { type: "error", name: "Bare", inputs: [] },
    ] as const;
    const cases = [
      "0x",
      encodeErrorResult({
        abi: [{ type: "error", name: "Error", inputs: [{ type: "string" }] }],
        errorName: "Error",
        args: ["boom ✓"],
      }),
      `0x4e487b71${"11".padStart(64, "0")}`,
      `0x4e487b71${"ff".padStart(64, "0")}`,
      encodeErrorResult({
        abi,
        errorName: "NotOwner",
        args: [`0x${"ab".repeat(20)}`, `0x${"cd".repeat(20)}`],
      }),
      encodeErrorResult({ abi, errorName: "Short", args: [10n ** 30n] }),
      encodeErrorResult({ abi, errorName: "Bare" }),
      "0x12345678",
      `0x08c379a0${"00".repeat(31)}20`,
    ];
    for (const data of cases) {
      let theirs: unknown;
      try {
        theirs = decodeError(data as `0x${string}`, abi as never);
      } catch {
        theirs = "refused";
      }
      let ours: unknown;
      try {
        ours = decodeAbiError(data, abi);
      } catch {
        ours = "refused";
      }
      expect(ours, data).toEqual(theirs);
    }
    expect(decodeAbiError(cases[2] as string)?.message).toBe(
      "panic: arithmetic overflow or underflow (0x11)",
    );
  });
});
