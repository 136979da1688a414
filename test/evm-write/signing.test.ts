import { inspect } from "node:util";
import { EvmSignerError, type EvmTransactionToSign, privateKeySigner } from "chainkit/evm";
import { ExchangeError, privateKeySigner as exchangeSigner } from "chainkit/exchange";
import { WalletSignerError, privateKeySigner as walletSigner } from "chainkit/wallet";
import fc from "fast-check";
import { keccak256 } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";

// chainkit's EVM signer against viem's signTransaction, for randomised transactions of both types:
// the signed bytes and their hash must be equal, byte for byte.

const hex = (bytes: Uint8Array) => `0x${Buffer.from(bytes).toString("hex")}` as `0x${string}`;
const bytes = (min: number, max: number) => fc.uint8Array({ minLength: min, maxLength: max }).map(hex);
const key = fc
  .uint8Array({ minLength: 32, maxLength: 32 })
  .filter((k) => k.some((b) => b !== 0) && k[0] !== 0xff)
  .map(hex);
const uint = (bits: number) => fc.bigInt({ min: 0n, max: (1n << BigInt(bits)) - 1n });
const small = fc.oneof(fc.constant(0n), uint(8), uint(32), uint(64));

const common = {
  chainId: fc.oneof(fc.constant(999), fc.constant(998), fc.integer({ min: 1, max: 2 ** 32 })),
  nonce: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 2 ** 32 })),
  to: fc.option(bytes(20, 20), { nil: undefined }),
  value: fc.oneof(small, uint(256)),
  data: fc.oneof(fc.constant("0x" as const), bytes(1, 300)),
  gas: fc.bigInt({ min: 21_000n, max: 30_000_000n }),
};

// The tip never exceeds the fee cap: both libraries refuse such a transaction.
const eip1559: fc.Arbitrary<EvmTransactionToSign> = fc
  .record({
    type: fc.constant("eip1559" as const),
    ...common,
    maxFeePerGas: fc.oneof(small, uint(128)),
    tipShare: fc.bigInt({ min: 0n, max: 100n }),
    accessList: fc.array(
      fc.record({ address: bytes(20, 20), storageKeys: fc.array(bytes(32, 32), { maxLength: 3 }) }),
      { maxLength: 3 },
    ),
  })
  .map(({ tipShare, ...transaction }) => ({
    ...transaction,
    maxPriorityFeePerGas: (transaction.maxFeePerGas * tipShare) / 100n,
  }));

const legacy: fc.Arbitrary<EvmTransactionToSign> = fc.record({
  type: fc.constant("legacy" as const),
  ...common,
  gasPrice: fc.oneof(small, uint(128)),
});

describe("privateKeySigner signs byte for byte as viem", () => {
  for (const [name, arbitrary] of [
    ["type 0x2 (EIP-1559, access lists)", eip1559],
    ["type 0x0 (legacy, EIP-155)", legacy],
  ] as const) {
    it(name, async () => {
      await fc.assert(
        fc.asyncProperty(key, arbitrary, async (k, transaction) => {
          const ours = await privateKeySigner(k).signTransaction(transaction);
          const theirs = await privateKeyToAccount(k).signTransaction(transaction as never);
          expect(ours).toBe(theirs);
          expect(keccak256(ours)).toBe(keccak256(theirs));
          expect(privateKeySigner(k).address).toBe(privateKeyToAccount(k).address);
        }),
        { numRuns: Number(process.env.FUZZ_RUNS ?? 60) },
      );
    }, 120_000);
  }

  it("typed data (EIP-712) as viem signTypedData", async () => {
    const k = "0x4c0883a69102937d6231471b5dbb6204fe512961708279f1d8d3e4f1b0a8b8ff";
    const typedData = {
      domain: {
        name: "Mail",
        version: "1",
        chainId: 999,
        verifyingContract: "0x000000000000000000000000000000000000dEaD",
      },
      types: {
        Person: [
          { name: "name", type: "string" },
          { name: "wallet", type: "address" },
        ],
        Mail: [
          { name: "from", type: "Person" },
          { name: "contents", type: "string" },
          { name: "amount", type: "uint256" },
        ],
      },
      primaryType: "Mail",
      message: {
        from: { name: "Ann", wallet: "0x000000000000000000000000000000000000bEEF" },
        contents: "hello",
        amount: 10n ** 18n,
      },
    } as const;
    expect(await privateKeySigner(k).signTypedData(typedData)).toBe(
      await privateKeyToAccount(k).signTypedData(typedData),
    );
  });
});

describe("one rule for private keys on every surface", () => {
  const k = "4c0883a69102937d6231471b5dbb6204fe512961708279f1d8d3e4f1b0a8b8ff";

  it("accepts 64 hex digits with or without 0x, and 32 bytes, the same key everywhere", async () => {
    const evm = privateKeySigner(k);
    expect(privateKeySigner(`0x${k}`).address).toBe(evm.address);
    expect(privateKeySigner(Buffer.from(k, "hex")).address).toBe(evm.address);
    expect(await exchangeSigner(k).getAddress()).toBe(evm.address);
    expect(await exchangeSigner(`0x${k}`).getAddress()).toBe(evm.address);
    expect(walletSigner(k).address).toBe(walletSigner(`0x${k}`).address);
    // Every surface's signer answers getAddress() alike; the exchange's derives the address then.
    expect(await evm.getAddress()).toBe(evm.address);
    expect(await walletSigner(k).getAddress()).toBe(walletSigner(k).address);
  });

  it("refuses the same malformed keys everywhere, with the same words and no key in them", () => {
    const bad = [
      "",
      "0x12",
      `0x${k}00`,
      `0x${"0".repeat(64)}`,
      `0x${"f".repeat(64)}`,
      `zz${k.slice(2)}`,
      42 as unknown as string,
    ];
    for (const value of bad) {
      const thrown = [
        () => privateKeySigner(value),
        () => exchangeSigner(value),
        () => walletSigner(value),
      ].map((make) => {
        try {
          make();
        } catch (error) {
          return error as Error;
        }
        throw new Error(`accepted ${String(value).slice(0, 8)}`);
      });
      expect(thrown[0]).toBeInstanceOf(EvmSignerError);
      expect(thrown[1]).toBeInstanceOf(ExchangeError);
      expect(thrown[2]).toBeInstanceOf(WalletSignerError);
      const messages = new Set(thrown.map((error) => error.message));
      expect(messages.size).toBe(1);
      expect([...messages][0]).toMatch(/64 hex digits, with or without 0x, or 32 bytes/);
      if (typeof value === "string" && value.length > 8)
        expect([...messages][0]).not.toContain(value.slice(2, 20));
    }
  });

  it("shows no key when inspected or serialised", () => {
    const signer = privateKeySigner(k);
    expect(inspect(signer, { depth: 5, showHidden: true })).not.toContain(k.slice(0, 16));
    expect(JSON.stringify(signer)).toBe(JSON.stringify({ address: signer.address }));
  });
});
