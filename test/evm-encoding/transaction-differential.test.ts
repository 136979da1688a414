import { readFileSync } from "node:fs";
import { EvmSignerError, type EvmTransactionToSign, privateKeySigner } from "chainkit/evm";
import fc from "fast-check";
import { Transaction } from "micro-eth-signer";
import { keccak256, parseTransaction, serializeTransaction } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import {
  parseSignedTransaction,
  signedTransaction,
  signingPayload,
} from "../../src/evm/encoding/transaction-envelope.js";
import { checkSigned } from "../../src/evm/write/check-signed.js";

// chainkit's transaction encoding against viem's serializer and micro-eth-signer's parser (which
// chainkit used before): the same bytes for every generated transaction of both types chainkit
// signs, parse(serialise(x)) = x, recorded transactions read back to their node-given hashes, and on
// altered bytes whatever chainkit's parser accepts, micro-eth-signer's accepts with the same fields.

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const hex = (bytes: Uint8Array) => `0x${Buffer.from(bytes).toString("hex")}` as `0x${string}`;
const bytes = (min: number, max: number) => fc.uint8Array({ minLength: min, maxLength: max }).map(hex);
const uint = (bits: number) => fc.bigInt({ min: 0n, max: (1n << BigInt(bits)) - 1n });
const amount = fc.oneof(fc.constant(0n), uint(8), uint(64), uint(128));
const scalar = fc.bigInt({ min: 1n, max: (1n << 255n) - 1n });

const common = {
  chainId: fc.oneof(fc.constant(999), fc.integer({ min: 1, max: 2 ** 40 })),
  nonce: fc.integer({ min: 0, max: 2 ** 40 }),
  to: fc.option(bytes(20, 20), { nil: undefined }),
  value: fc.oneof(amount, uint(256)),
  data: fc.oneof(fc.constant("0x" as const), bytes(1, 200)),
  gas: fc.bigInt({ min: 21_000n, max: 30_000_000n }),
};
const transaction: fc.Arbitrary<EvmTransactionToSign> = fc.oneof(
  fc.record({ type: fc.constant("legacy" as const), ...common, gasPrice: amount }),
  fc
    .record({
      type: fc.constant("eip1559" as const),
      ...common,
      maxFeePerGas: amount,
      tipShare: fc.bigInt({ min: 0n, max: 100n }),
      accessList: fc.array(
        fc.record({ address: bytes(20, 20), storageKeys: fc.array(bytes(32, 32), { maxLength: 3 }) }),
        { maxLength: 3 },
      ),
    })
    .map(({ tipShare, ...rest }) => ({
      ...rest,
      maxPriorityFeePerGas: (rest.maxFeePerGas * tipShare) / 100n,
    })),
);
const signature = fc.record({ yParity: fc.constantFrom(0 as const, 1 as const), r: scalar, s: scalar });

const viemShape = (tx: EvmTransactionToSign) => ({
  ...tx,
  accessList: tx.type === "eip1559" ? tx.accessList : undefined,
});

describe("chainkit's transaction encoding", () => {
  it("serialises unsigned and signed transactions byte for byte as viem, and parses them back", () => {
    fc.assert(
      fc.property(transaction, signature, (tx, sig) => {
        expect(hex(signingPayload(tx))).toBe(serializeTransaction(viemShape(tx) as never));
        const signed = signedTransaction(tx, sig);
        const v = tx.type === "legacy" ? BigInt(tx.chainId) * 2n + 35n + BigInt(sig.yParity) : undefined;
        const viemSignature = {
          r: `0x${sig.r.toString(16).padStart(64, "0")}`,
          s: `0x${sig.s.toString(16).padStart(64, "0")}`,
          yParity: sig.yParity,
          ...(v === undefined ? {} : { v }),
        };
        expect(hex(signed)).toBe(serializeTransaction(viemShape(tx) as never, viemSignature as never));
        const parsed = parseSignedTransaction(signed);
        expect(parsed.signature).toEqual(sig);
        expect(hex(parsed.signingPayload)).toBe(hex(signingPayload(tx)));
        const { signature: _, signingPayload: __, ...fields } = parsed;
        const expected: Record<string, unknown> = {
          ...tx,
          chainId: BigInt(tx.chainId),
          nonce: BigInt(tx.nonce),
          to: tx.to?.toLowerCase(),
        };
        if (tx.type === "eip1559") expected.accessList = tx.accessList ?? [];
        expect(fields).toEqual(expected);
        // viem reads chainkit's bytes back too.
        expect(parseTransaction(hex(signed)).nonce).toBe(tx.nonce);
      }),
      { numRuns: RUNS },
    );
  }, 120_000);

  it("accepts no altered bytes that micro-eth-signer refuses, and reads the rest alike", () => {
    const altered = fc.tuple(transaction, signature).chain(([tx, sig]) => {
      const signed = signedTransaction(tx, sig);
      return fc.oneof(
        fc.tuple(fc.nat(), fc.integer({ min: 1, max: 255 })).map(([at, xor]) => {
          const copy = signed.slice();
          copy[at % copy.length] = (copy[at % copy.length] as number) ^ xor;
          return copy;
        }),
        fc.integer({ min: 1, max: 8 }).map((cut) => signed.slice(0, signed.length - cut)),
        fc.uint8Array({ minLength: 1, maxLength: 4 }).map((extra) => Uint8Array.from([...signed, ...extra])),
      );
    });
    let refusedByBoth = 0;
    fc.assert(
      fc.property(altered, (data) => {
        let ours: ReturnType<typeof parseSignedTransaction> | undefined;
        try {
          ours = parseSignedTransaction(data);
        } catch {
          ours = undefined;
        }
        let theirs: ReturnType<typeof Transaction.fromHex> | undefined;
        try {
          theirs = Transaction.fromHex(hex(data), false);
        } catch {
          theirs = undefined;
        }
        if (ours === undefined) {
          if (theirs === undefined) refusedByBoth++;
          return;
        }
        expect(theirs, hex(data)).toBeDefined();
        const raw = (theirs as unknown as { raw: Record<string, unknown> }).raw;
        expect(ours.nonce).toBe(raw.nonce);
        expect(ours.value).toBe(raw.value);
        expect(ours.gas).toBe(raw.gasLimit);
        expect(ours.signature.r).toBe(raw.r);
        expect(ours.signature.s).toBe(raw.s);
      }),
      { numRuns: RUNS * 5 },
    );
    expect(refusedByBoth).toBeGreaterThan(RUNS);
  }, 120_000);

  it("reads execution-apis' recorded raw transactions to the hashes the node returned", () => {
    const folder = "test/fixtures/evm/execution-apis/eth_sendRawTransaction";
    const recorded = (name: string) => {
      const lines = readFileSync(`${folder}/${name}.io`, "utf8").split("\n");
      const asked = JSON.parse((lines.find((l) => l.startsWith(">>")) as string).slice(3));
      const answered = JSON.parse((lines.find((l) => l.startsWith("<<")) as string).slice(3));
      return { raw: asked.params[0] as `0x${string}`, hash: answered.result as string };
    };
    for (const name of [
      "send-legacy-transaction",
      "send-dynamic-fee-transaction",
      "send-dynamic-fee-access-list-transaction",
    ]) {
      const { raw, hash } = recorded(name);
      const bytes = Buffer.from(raw.slice(2), "hex");
      const parsed = parseSignedTransaction(bytes);
      expect(keccak256(raw)).toBe(hash);
      const { signature: sig, signingPayload: _, ...fields } = parsed;
      const again = signedTransaction(
        { ...fields, chainId: Number(fields.chainId), nonce: Number(fields.nonce) } as EvmTransactionToSign,
        sig,
      );
      expect(hex(again), name).toBe(raw);
      // The signature recovers the same sender micro-eth-signer recovers.
      const theirs = Transaction.fromHex(raw, false);
      const sender = privateKeyToAccount; // (recovery is compared through checkSigned below)
      expect(sender).toBeDefined();
      expect(() =>
        checkSigned(
          raw,
          { ...fields, chainId: Number(fields.chainId), nonce: Number(fields.nonce) } as EvmTransactionToSign,
          theirs.sender,
        ),
      ).not.toThrow();
    }
    // Access-list and blob transactions are types chainkit never signs: refused, not misread.
    for (const name of ["send-access-list-transaction", "send-blob-tx"]) {
      expect(() => parseSignedTransaction(Buffer.from(recorded(name).raw.slice(2), "hex"))).toThrow(
        /not one chainkit signs/,
      );
    }
  });
});

describe("checkSigned refuses before sending", () => {
  const key = "0x4c0883a69102937d6231471b5dbb6204fe512961708279f1d8d3e4f1b0a8b8ff";
  const asked: EvmTransactionToSign = {
    type: "eip1559",
    chainId: 999,
    nonce: 3,
    to: "0x000000000000000000000000000000000000bEEF",
    value: 5n,
    data: "0x",
    gas: 21_000n,
    maxFeePerGas: 10n ** 9n,
    maxPriorityFeePerGas: 0n,
  };
  const refusal = (signed: unknown) => {
    try {
      checkSigned(signed, asked, privateKeyToAccount(key).address);
    } catch (error) {
      expect(error).toBeInstanceOf(EvmSignerError);
      return (error as EvmSignerError).field;
    }
    return "accepted";
  };

  it("accepts the transaction asked for, signed by the sender, and names the field of any other", async () => {
    const good = await privateKeySigner(key).signTransaction(asked);
    expect(refusal(good)).toBe("accepted");
    expect(checkSigned(good, asked, privateKeyToAccount(key).address).hash).toBe(keccak256(good));
    const account = privateKeyToAccount(key);
    expect(refusal(await account.signTransaction({ ...asked, nonce: 4 }))).toBe("nonce");
    const {
      type: _,
      maxFeePerGas: __,
      maxPriorityFeePerGas: ___,
      accessList: ____,
      ...base
    } = asked as Extract<EvmTransactionToSign, { type: "eip1559" }>;
    expect(refusal(await account.signTransaction({ ...base, type: "eip2930", gasPrice: 1n }))).toBe("type");
    expect(refusal(await account.signTransaction({ ...base, type: "legacy", gasPrice: 1n }))).toBe("type");
    expect(refusal(`${good}00`)).toBe("signTransaction");
    expect(refusal(good.slice(0, -2))).toBe("signTransaction");
    // The same signature with s flipped to n - s (EIP-2's high-s twin) recovers another key's address at most.
    const parsed = parseSignedTransaction(Buffer.from(good.slice(2), "hex"));
    const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
    const twin = signedTransaction(asked, {
      yParity: parsed.signature.yParity === 0 ? 1 : 0,
      r: parsed.signature.r,
      s: n - parsed.signature.s,
    });
    expect(refusal(hex(twin))).toBe("address");
  });
});
