import { EvmSignerError } from "chainkit/evm";
import fc from "fast-check";
import { bytesToHex, hashTypedData } from "viem";
import { describe, expect, it } from "vitest";
import { typedDataDigest } from "../../src/evm/encoding/typed-data.js";

// chainkit's EIP-712 digest against viem's hashTypedData, for generated typed data: nested structs,
// arrays of atomic values and of structs, every atomic type, with and without a declared EIP712Domain.

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const hex = (bytes: Uint8Array) => bytesToHex(bytes);

const atomic: fc.Arbitrary<{ type: string; value: fc.Arbitrary<unknown> }> = fc.oneof(
  fc.integer({ min: 1, max: 32 }).map((n) => ({
    type: `uint${n * 8}`,
    value: fc.bigInt({ min: 0n, max: (1n << BigInt(n * 8)) - 1n }) as fc.Arbitrary<unknown>,
  })),
  fc.integer({ min: 1, max: 32 }).map((n) => ({
    type: `int${n * 8}`,
    value: fc.bigInt({
      min: -(1n << BigInt(n * 8 - 1)),
      max: (1n << BigInt(n * 8 - 1)) - 1n,
    }) as fc.Arbitrary<unknown>,
  })),
  fc.integer({ min: 1, max: 32 }).map((n) => ({
    type: `bytes${n}`,
    value: fc.uint8Array({ minLength: n, maxLength: n }).map(hex) as fc.Arbitrary<unknown>,
  })),
  fc.constant({
    type: "address",
    value: fc.uint8Array({ minLength: 20, maxLength: 20 }).map(hex) as fc.Arbitrary<unknown>,
  }),
  fc.constant({ type: "bool", value: fc.boolean() as fc.Arbitrary<unknown> }),
  fc.constant({
    type: "string",
    value: fc.string({ unit: "grapheme", maxLength: 40 }) as fc.Arbitrary<unknown>,
  }),
  fc.constant({ type: "bytes", value: fc.uint8Array({ maxLength: 80 }).map(hex) as fc.Arbitrary<unknown> }),
);

// A primary type `Main` with atomic members, arrays of them, and a nested struct `Inner` (alone and in an array).
const typedData = fc
  .tuple(
    fc.array(atomic, { minLength: 1, maxLength: 4 }),
    fc.array(atomic, { minLength: 1, maxLength: 3 }),
    fc.boolean(),
  )
  .chain(([main, inner, declareDomain]) => {
    const innerFields = inner.map((field, i) => ({ name: `i${i}`, type: field.type }));
    const mainFields = [
      ...main.map((field, i) => ({ name: `m${i}`, type: i % 2 === 1 ? `${field.type}[]` : field.type })),
      { name: "inner", type: "Inner" },
      { name: "inners", type: "Inner[2]" },
    ];
    const innerValue = fc.record(Object.fromEntries(inner.map((field, i) => [`i${i}`, field.value])));
    const mainValue = fc.record({
      ...Object.fromEntries(
        main.map((field, i) => [
          `m${i}`,
          i % 2 === 1 ? fc.array(field.value, { maxLength: 3 }) : field.value,
        ]),
      ),
      inner: innerValue,
      inners: fc.tuple(innerValue, innerValue),
    });
    const domain = fc.record(
      {
        name: fc.string({ maxLength: 10 }),
        version: fc.constantFrom("1", "2"),
        chainId: fc.integer({ min: 1, max: 2 ** 40 }),
        verifyingContract: fc.uint8Array({ minLength: 20, maxLength: 20 }).map(hex),
        salt: fc.uint8Array({ minLength: 32, maxLength: 32 }).map(hex),
      },
      { requiredKeys: [] },
    );
    return fc.record({ domain, message: mainValue }).map(({ domain, message }) => {
      const domainType = ["name", "version", "chainId", "verifyingContract", "salt"]
        .filter((key) => key in domain)
        .map((name) => ({
          name,
          type: {
            name: "string",
            version: "string",
            chainId: "uint256",
            verifyingContract: "address",
            salt: "bytes32",
          }[name] as string,
        }));
      return {
        domain,
        types: {
          Main: mainFields,
          Inner: innerFields,
          ...(declareDomain ? { EIP712Domain: domainType } : {}),
        },
        primaryType: "Main",
        message,
      };
    });
  });

describe("chainkit's EIP-712 digest", () => {
  it("equals viem's hashTypedData", () => {
    fc.assert(
      fc.property(typedData, (data) => {
        expect(hex(typedDataDigest(data as never))).toBe(hashTypedData(data as never));
      }),
      { numRuns: RUNS },
    );
  }, 120_000);

  it("refuses a value that does not fit its type, naming the member", () => {
    const data = {
      domain: { name: "Mail", chainId: 999 },
      types: { Mail: [{ name: "from", type: "Person" }], Person: [{ name: "age", type: "uint8" }] },
      primaryType: "Mail",
      message: { from: { age: 300n } },
    };
    let thrown: unknown;
    try {
      typedDataDigest(data);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(EvmSignerError);
    expect((thrown as EvmSignerError).field).toBe("message/from/age");
    expect((thrown as Error).message).toContain("outside uint8's range 0 to 255");
  });
});
